"""cyautograd.nn.utils.rnn: variable-length sequences for the recurrent layers,
as torch.nn.utils.rnn (PackedSequence, pack_padded_sequence, pad_packed_sequence,
pad_sequence, pack_sequence, unpad_sequence, unpack_sequence).

NOTE [ Packed sequences ]
A PackedSequence holds the time steps of a batch of sequences sorted by length
(longest first) one after the other: ``data`` has ``batch_sizes[t]`` rows for
step t (the sequences still running then), ``sorted_indices`` the order the
batch was sorted into (None when the caller sorted it). Packing is torch's
``_pack_padded_sequence``, one node (PackPaddedSequenceBackward0, a custom
Function whose backward scatters the gradient rows back into a zero padded
tensor with differentiable ops); padding back is written as torch's
``_pad_packed_sequence`` and ``pad_sequence`` are: a filled tensor whose
slices are copied into (CopySlices), so the nodes and gradients are torch's.
The recurrent layers run packed input step by step over the shrinking batch
(RNNBase._run_packed).
"""
from collections import namedtuple

from cyautograd.function import Function
from cyautograd.tensor import Tensor

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence",
           "pad_sequence", "unpad_sequence", "pack_sequence", "unpack_sequence"]


def _T():
    import cyautograd
    return cyautograd


PackedSequence_ = namedtuple("PackedSequence_",
                             ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])
PackedSequence_.__module__ = __name__
PackedSequence_.__doc__ = "The fields of a PackedSequence (data, batch_sizes, sorted_indices, unsorted_indices)."


class PackedSequence(PackedSequence_):
    """The data and the list of batch sizes of a packed sequence, as torch's
    (NOTE [ Packed sequences ]). Made by :func:`pack_padded_sequence` and
    :func:`pack_sequence`, consumed by RNN, LSTM and GRU and undone by
    :func:`pad_packed_sequence`; not meant to be built by hand.

    Args:
        data (Tensor): the packed steps, ``(sum(lengths), *)``.
        batch_sizes (Tensor): int64, how many sequences run at each step.
        sorted_indices (Tensor, optional): the order the batch was sorted into.
        unsorted_indices (Tensor, optional): its inverse (computed when omitted).

    >>> from cyautograd.nn.utils.rnn import pack_sequence
    >>> p = pack_sequence([torch.tensor([1., 2., 3.]), torch.tensor([4., 5.])])
    >>> p.data, p.batch_sizes
    (tensor([1., 4., 2., 5., 3.]), tensor([2, 2, 1]))
    """

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is not None:
            if batch_sizes.device.type != "cpu":
                raise ValueError(
                    "batch_sizes should always be on CPU. Instances of PackedSequence should "
                    "never be created manually. They should be instantiated by functions like "
                    "pack_sequence and pack_padded_sequences in nn.utils.rnn. "
                    "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
            return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)
        if not (isinstance(data, (list, tuple)) and len(data) == 2):
            raise AssertionError
        return super().__new__(cls, data[0], data[1], sorted_indices, unsorted_indices)

    def pin_memory(self):
        """Itself (there is no pinned host memory here; torch copies to pinned memory).

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).pin_memory().data
        tensor([1., 1.])
        """
        return self

    def to(self, *args, **kwargs):
        """The same sequence with ``data`` moved/cast as ``Tensor.to`` (the indices follow
        the device, batch_sizes stays on the CPU); itself when nothing changes.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).to(torch.float64).data.dtype
        torch.float64
        """
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        dev = data.device
        si = None if self.sorted_indices is None else self.sorted_indices.to(dev)
        ui = None if self.unsorted_indices is None else self.unsorted_indices.to(dev)
        return type(self)(data, self.batch_sizes, si, ui)

    def cuda(self, *args, **kwargs):
        """``to("cuda")`` of the data and the indices.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> torch.cuda.is_available() and pack_sequence([torch.ones(2)]).cuda().is_cuda
        False
        """
        ex = _T().tensor([], dtype=self.data.dtype, device=self.data.device).cuda(*args, **kwargs)
        return self.to(device=ex.device, **kwargs) if ex.is_cuda else self.to(*args, **kwargs)

    def cpu(self, *args, **kwargs):
        """The sequence with its data on the CPU.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).cpu().is_cuda
        False
        """
        return self.to(device="cpu", **kwargs)

    def double(self):
        """The data as float64.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).double().data.dtype
        torch.float64
        """
        return self.to(dtype=_T().double)

    def float(self):
        """The data as float32.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2, dtype=torch.float64)]).float().data.dtype
        torch.float32
        """
        return self.to(dtype=_T().float)

    def half(self):
        """The data as float16.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).half().data.dtype
        torch.float16
        """
        return self.to(dtype=_T().half)

    def long(self):
        """The data as int64.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).long().data.dtype
        torch.int64
        """
        return self.to(dtype=_T().long)

    def int(self):
        """The data as int32.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).int().data.dtype
        torch.int32
        """
        return self.to(dtype=_T().int)

    def short(self):
        """The data as int16.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).short().data.dtype
        torch.int16
        """
        return self.to(dtype=_T().short)

    def char(self):
        """The data as int8.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).char().data.dtype
        torch.int8
        """
        return self.to(dtype=_T().int8)

    def byte(self):
        """The data as uint8.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).byte().data.dtype
        torch.uint8
        """
        return self.to(dtype=_T().uint8)

    @property
    def is_cuda(self):
        """Whether the data is on a CUDA device.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).is_cuda
        False
        """
        return self.data.is_cuda

    def is_pinned(self):
        """False: there is no pinned host memory here.

        >>> from cyautograd.nn.utils.rnn import pack_sequence
        >>> pack_sequence([torch.ones(2)]).is_pinned()
        False
        """
        return False


def invert_permutation(permutation):
    """The inverse of a permutation (None for None), as torch's: ``out[p[i]] = i``.

    >>> from cyautograd.nn.utils.rnn import invert_permutation
    >>> invert_permutation(torch.tensor([2, 0, 1]))
    tensor([1, 2, 0])
    """
    if permutation is None:
        return None
    T = _T()
    output = T.empty_like(permutation)
    output.scatter_(0, permutation, T.arange(0, permutation.numel(), device=permutation.device))
    return output


class _PackPaddedSequence(Function):
    @staticmethod
    def forward(ctx, input, lens, batch_first):
        T = _T()
        x = input.transpose(0, 1) if batch_first else input
        batch = x.size(1)
        if x.numel() == 0:
            raise RuntimeError("Cannot pack empty tensors.")
        if len(lens) != batch:
            raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got "
                               f"{len(lens)} (batch_size={batch})")
        if lens[-1] <= 0:
            raise RuntimeError("Length of all samples has to be greater than 0, but found an "
                               "element in 'lengths' that is <= 0")
        for i in range(batch - 1):
            if lens[batch - 1 - i] > lens[batch - 2 - i]:
                raise RuntimeError(
                    "`lengths` array must be sorted in decreasing order when `enforce_sorted` is "
                    "True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
                    "pack_sequence to sidestep this requirement if you do not need ONNX "
                    "exportability.")
        steps, sizes, prev = [], [], 0
        for i in range(batch):
            n = lens[batch - 1 - i]
            if n > prev:
                b = batch - i
                piece = x[prev:n, :b]
                steps.append(piece.reshape((-1,) + tuple(x.shape[2:])))
                sizes += [b] * (n - prev)
                prev = n
        ctx.input_shape = tuple(x.shape)
        ctx.batch_first = batch_first
        ctx.sizes = sizes
        data = T.cat(steps, 0)
        batch_sizes = T.tensor(sizes, dtype=T.int64)
        ctx.mark_non_differentiable(batch_sizes)
        return data, batch_sizes

    @staticmethod
    def backward(ctx, g, _):
        # _pack_padded_sequence_backward: each step's rows go back to the first
        # batch_sizes[t] columns of step t of a zero padded tensor
        T = _T()
        shape = ctx.input_shape
        rows = []
        for t, b in enumerate(ctx.sizes):
            rows += [t * shape[1] + j for j in range(b)]
        flat = T.zeros((shape[0] * shape[1],) + shape[2:], dtype=g.dtype, device=g.device)
        idx = T.tensor(rows, dtype=T.int64, device=g.device)
        gi = flat.index_put((idx,), g).reshape(shape)
        return (gi.transpose(0, 1) if ctx.batch_first else gi), None, None


_PackPaddedSequence._backward_cls.__name__ = "PackPaddedSequenceBackward0"
_PackPaddedSequence._backward_cls.__qualname__ = "PackPaddedSequenceBackward0"


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """Packs a padded batch of variable-length sequences, as torch's.

    ``input`` is ``(T, B, *)`` (``(B, T, *)`` with ``batch_first``), ``lengths`` the
    length of each sequence (a list or a 1-D CPU tensor). With ``enforce_sorted``
    (default) the lengths must be decreasing; otherwise the batch is sorted here and
    the order kept in ``sorted_indices``.

    Args:
        input (Tensor): padded batch.
        lengths (Tensor or list(int)): each sequence's length.
        batch_first (bool): the batch is the first dimension.
        enforce_sorted (bool): the lengths are already sorted, longest first.

    >>> from cyautograd.nn.utils.rnn import pack_padded_sequence
    >>> x = torch.tensor([[1., 4.], [2., 5.], [3., 0.]])
    >>> pack_padded_sequence(x, [3, 2]).data
    tensor([1., 4., 2., 5., 3.])
    """
    T = _T()
    if not isinstance(lengths, Tensor):
        lengths = T.as_tensor(lengths, dtype=T.int64, device="cpu")
    else:
        lengths = lengths.to(dtype=T.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = T.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    if not lengths.is_cpu or lengths.dim() != 1:
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got "
                           f"{lengths.dim()}D {lengths.device.type} Long tensor")
    # the lengths travel as a list: the node's one edge is the input's, as torch's
    data, batch_sizes = _PackPaddedSequence.apply(input, [int(v) for v in lengths.tolist()],
                                                  bool(batch_first))
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """Pads a packed batch back, as torch's: returns ``(padded, lengths)`` with
    ``padded`` of shape ``(T, B, *)`` (``(B, T, *)`` with ``batch_first``) in the
    batch's original order and ``lengths`` an int64 tensor.

    Args:
        sequence (PackedSequence): the batch.
        batch_first (bool): put the batch first.
        padding_value (float): the value of the padded elements.
        total_length (int, optional): pad to this many steps (at least the longest length).

    >>> from cyautograd.nn.utils.rnn import pack_sequence, pad_packed_sequence
    >>> pad_packed_sequence(pack_sequence([torch.tensor([1., 2.]), torch.tensor([3.])]))
    (tensor([[1., 3.],
            [2., 0.]]), tensor([2, 1]))
    """
    T = _T()
    data, batch_sizes = sequence.data, sequence.batch_sizes
    sizes = [int(b) for b in batch_sizes.tolist()]
    max_seq_length = len(sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest "
                             f"sequence in input, but got total_length={total_length} and max "
                             f"sequence length being {max_seq_length}")
        max_seq_length = total_length
    max_batch = sizes[0]
    trailing = tuple(data.shape[1:])
    output = T.full((max_seq_length, max_batch) + trailing, padding_value, dtype=data.dtype,
                    device=data.device)
    lengths = [0] * max_batch
    offset, prev_b, prev_i = 0, max_batch, 0
    for i in range(len(sizes) + 1):
        b = sizes[i] if i != len(sizes) else 0
        if b != prev_b:
            n = prev_b * (i - prev_i)
            tmp = data[offset:offset + n]
            output[prev_i:i, :prev_b].copy_(tmp.view((i - prev_i, prev_b) + trailing))
            offset += n
            prev_i = i
        for j in range(b, prev_b):
            lengths[j] = i
        prev_b = b
    if batch_first:
        output = output.transpose(0, 1)
    lengths = T.tensor(lengths, dtype=T.int64)
    if sequence.unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return (output.index_select(batch_dim, sequence.unsorted_indices),
                lengths[sequence.unsorted_indices.cpu()])
    return output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """Stacks a list of variable-length tensors ``(L_i, *)``, padded with
    ``padding_value`` to the longest, into ``(L, B, *)`` (``(B, L, *)`` with
    ``batch_first``), as torch's; ``padding_side="left"`` pads in front.

    Args:
        sequences (list[Tensor]): the sequences.
        batch_first (bool): put the batch first.
        padding_value (float): the value of the padded elements.
        padding_side (str): ``"right"`` (default) or ``"left"``.

    >>> from cyautograd.nn.utils.rnn import pad_sequence
    >>> pad_sequence([torch.tensor([1., 2.]), torch.tensor([3.])], batch_first=True)
    tensor([[1., 2.],
            [3., 0.]])
    """
    T = _T()
    try:
        sequences = tuple(sequences)
    except TypeError:
        raise RuntimeError("Expected iterable for input sequences, but got arg of type: "
                           f"{type(sequences)}") from None
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise RuntimeError(f"Expected padding_side to be one of left or right, but got "
                           f"{padding_side}.")
    first = sequences[0]
    trailing = tuple(first.shape[1:])
    max_len = max(s.size(0) for s in sequences)
    n = len(sequences)
    shape = (n, max_len) + trailing if batch_first else (max_len, n) + trailing
    out = T.full(shape, padding_value, dtype=first.dtype, device=first.device)
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The list of sequences of a padded batch, each cut to its length, as torch's
    (which transposes ``padded_sequences`` in place when not ``batch_first``).

    Args:
        padded_sequences (Tensor): ``(T, B, *)`` (``(B, T, *)`` with ``batch_first``).
        lengths (Tensor): each sequence's length.
        batch_first (bool): the batch is the first dimension.

    >>> from cyautograd.nn.utils.rnn import unpad_sequence
    >>> unpad_sequence(torch.tensor([[1., 3.], [2., 0.]]), torch.tensor([2, 1]))
    [tensor([1., 2.]), tensor([3.])]
    """
    T = _T()
    unpadded = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    max_length = padded_sequences.shape[1]
    idx = T.arange(max_length, device=lengths.device)
    for seq, length in zip(padded_sequences, lengths):
        unpadded.append(seq[idx < length])
    return unpadded


def pack_sequence(sequences, enforce_sorted=True):
    """Packs a list of variable-length tensors, as torch's:
    ``pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=...)``.

    Args:
        sequences (list[Tensor]): the sequences, each ``(L_i, *)``.
        enforce_sorted (bool): they are sorted by decreasing length.

    >>> from cyautograd.nn.utils.rnn import pack_sequence
    >>> pack_sequence([torch.tensor([3.]), torch.tensor([1., 2.])], enforce_sorted=False).data
    tensor([1., 3., 2.])
    """
    T = _T()
    lengths = T.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The list of sequences of a PackedSequence, in their original order, as torch's.

    Args:
        packed_sequences (PackedSequence): the batch.

    >>> from cyautograd.nn.utils.rnn import pack_sequence, unpack_sequence
    >>> unpack_sequence(pack_sequence([torch.tensor([1., 2.]), torch.tensor([3.])]))
    [tensor([1., 2.]), tensor([3.])]
    """
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
