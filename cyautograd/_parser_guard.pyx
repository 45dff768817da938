# cython: language_level=3
"""The parser guard's per-call test (NOTE [ Parser guard before the call ],
cyautograd/_arg_parser.py), in C: it runs on every call of every guarded
public callable, so it must cost tens of nanoseconds, not a Python frame of
tuple building."""


from cpython.long cimport PyLong_AsLongLongAndOverflow


cdef inline bint _past_int64(object a):
    # NOTE [ An int past int64 unpacks as a ValueError ] (_arg_parser.py): such
    # an int binds by its type but fails when unpacked, so a call holding one
    # has no cacheable shape (the replay must see it every time)
    cdef int overflow = 0
    PyLong_AsLongLongAndOverflow(a, &overflow)
    return overflow != 0


cdef object _item_key(object a):
    # an argument's part of the key: its type, a list/tuple's type and item types
    cdef object t = type(a)
    if t is tuple or t is list:
        for e in a:
            if type(e) is int and _past_int64(e):
                return None
        return (t,) + tuple([type(e) for e in a])
    if t is type:
        return None
    if t is int and _past_int64(a):
        return None
    return t


cdef object _key(tuple args, dict kwargs):
    """The shape of a call: the argument types (a list/tuple argument as its
    type and item types), then (name, type) per keyword argument; None
    where an argument is a `type` (torch's parser reads int, float, bool and
    complex as dtypes: by value) or an int past int64 (it fails by value)."""
    cdef Py_ssize_t n = len(args)
    cdef Py_ssize_t i
    cdef object t0, t1
    if not kwargs:
        if n == 0:
            return ()
        if n == 1:
            t0 = _item_key(args[0])
            return None if t0 is None else (t0,)
        if n == 2:
            t0 = _item_key(args[0])
            t1 = _item_key(args[1])
            return None if t0 is None or t1 is None else (t0, t1)
    key = []
    for i in range(n):
        t0 = _item_key(args[i])
        if t0 is None:
            return None
        key.append(t0)
    if kwargs:
        for k, v in kwargs.items():
            t0 = _item_key(v)
            if t0 is None:
                return None
            key.append((k, t0))
    return tuple(key)


def type_key(tuple args, dict kwargs):
    return _key(args, kwargs)


def shape_seen(tuple args, dict kwargs, set seen):
    """True if the call's shape (type_key) is in `seen`: a call of that shape
    is known to bind torch's parser."""
    key = _key(args, kwargs)
    return key is not None and key in seen
