"""The named tuples ops return (``cyautograd.return_types``, torch.return_types).

NOTE [ Return types are structseqs ]
torch returns ``(values, indices)`` pairs as structseq types (like
``os.stat_result``): tuple subclasses with named fields, ``n_fields``, no
``_fields``, built from one sequence, printed one field per line as
``torch.return_types.max(\\nvalues=...,\\nindices=...)``. Ours are the same
kind of type, one per op name, created once and cached here; library code
may also build one from the field values directly (``cls(values, indices)``).
"""
import operator

__all__ = []

_TYPES = {}


class _StructSeq(tuple):
    __slots__ = ()
    n_fields = n_sequence_fields = 0
    n_unnamed_fields = 0
    _names = ()

    def __new__(cls, *args):
        n = cls.n_sequence_fields
        if len(args) == 1 and n != 1:
            seq = args[0]
            try:
                vals = tuple(seq)
            except TypeError:
                raise TypeError("constructor requires a sequence") from None
            if len(vals) != n:
                raise TypeError(f"{cls.__module__}.{cls.__name__}() takes a {n}-sequence "
                                f"({len(vals)}-sequence given)")
            return tuple.__new__(cls, vals)
        if len(args) == n:
            return tuple.__new__(cls, args)
        raise TypeError("constructor requires a sequence")

    def __repr__(self):
        body = ",\n".join(f"{k}={v!r}" for k, v in zip(self._names, self))
        return f"{type(self).__module__}.{type(self).__name__}(\n{body})"

    __str__ = __repr__

    def __reduce__(self):
        return (type(self), (tuple(self),))


def return_type(name, fields):
    """The structseq type ``name`` with ``fields`` (one per op name, cached)."""
    t = _TYPES.get(name)
    if t is None:
        ns = {"__slots__": (), "n_fields": len(fields), "n_sequence_fields": len(fields),
              "_names": tuple(fields), "__module__": __name__}
        for i, f in enumerate(fields):
            ns[f] = property(operator.itemgetter(i))
        t = type(name, (_StructSeq,), ns)
        _TYPES[name] = t
        globals()[name] = t
        __all__.append(name)
    return t


for _name, _fields in (("max", ("values", "indices")), ("min", ("values", "indices")),
                       ("median", ("values", "indices")), ("nanmedian", ("values", "indices")),
                       ("kthvalue", ("values", "indices")), ("mode", ("values", "indices")),
                       ("sort", ("values", "indices")), ("topk", ("values", "indices")),
                       ("cummax", ("values", "indices")), ("cummin", ("values", "indices")),
                       ("aminmax", ("min", "max")), ("slogdet", ("sign", "logabsdet")),
                       ("linalg_slogdet", ("sign", "logabsdet")), ("svd", ("U", "S", "V")),
                       ("linalg_svd", ("U", "S", "Vh")), ("linalg_inv_ex", ("inverse", "info")),
                       ("linalg_cholesky_ex", ("L", "info")), ("linalg_eigh", ("eigenvalues", "eigenvectors")),
                       ("linalg_qr", ("Q", "R")), ("qr", ("Q", "R")), ("frexp", ("mantissa", "exponent")),
                       ("histogram", ("hist", "bin_edges"))):
    return_type(_name, _fields)
