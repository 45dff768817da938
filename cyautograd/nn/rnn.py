"""Recurrent layers, as torch.nn's RNN, LSTM, GRU and their cells.

NOTE [ Recurrent layers over the existing ops ]
Every layer is written over linear, the pointwise ops, chunk, stack and cat, so
autograd comes from those nodes (torch's CPU path is the same composite,
``at::native``'s cell loop, apart from the single-layer LSTM that goes to
oneDNN: its output's grad_fn is ``MkldnnRnnLayerBackward0`` there and
``StackBackward0`` here). The input projection of a whole layer is one linear
over every time step; only the hidden projection runs per step. The outputs'
grad_fns are torch's: the per-step hidden states are stacked (StackBackward0),
a bidirectional layer concatenates its two directions (CatBackward0), h_n (and
c_n) stack the layers' last states, and an unbatched input is squeezed back
(SqueezeBackward1); with batch_first the output is transposed in place
(TransposeBackward1) as torch's RNN and GRU do, or out of place (TransposeBackward0) as torch's
LSTM; the output of a float32 LSTM without projection, which torch runs
through oneDNN, has grad_fn MkldnnRnnLayerBackward0 there. Parameters carry torch's names (``weight_ih_l0``,
``bias_hh_l1_reverse``, ``weight_hr_l0``), shapes and registration order, so
state_dicts move between the libraries. A PackedSequence input runs as torch's
packed layers do (_run_packed): each step over the sequences still running, a
finished sequence keeping its last state; its output data is the steps'
concatenation (CatBackward0) and the states come back in the batch's order.
"""
import math
import numbers
import warnings

from cyautograd.nn import functional as F
from cyautograd.nn import init
from cyautograd.nn.module import Module
from cyautograd.nn.parameter import Parameter

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]


def _T():
    import cyautograd
    return cyautograd


# ---------------------------------------------------------------- one step of each cell
def _rnn_step(gi, h, w_hh, b_hh, act):
    return act(gi + F.linear(h, w_hh, b_hh))


def _lstm_step(gi, h, c, w_hh, b_hh, w_hr):
    gates = gi + F.linear(h, w_hh, b_hh)
    i, f, g, o = gates.chunk(4, 1)
    c = f.sigmoid() * c + i.sigmoid() * g.tanh()
    h = o.sigmoid() * c.tanh()
    if w_hr is not None:
        h = F.linear(h, w_hr)
    return h, c


def _gru_step(gi, h, w_hh, b_hh):
    gh = F.linear(h, w_hh, b_hh)
    i_r, i_z, i_n = gi.chunk(3, 1)
    h_r, h_z, h_n = gh.chunk(3, 1)
    r = (i_r + h_r).sigmoid()
    z = (i_z + h_z).sigmoid()
    n = (i_n + r * h_n).tanh()
    return n + z * (h - n)


# ================================================================ multi-layer modules
class RNNBase(Module):
    """Base class of RNN, LSTM and GRU (as torch.nn.RNNBase): holds the layers'
    parameters under torch's names and runs the layers and directions.

    Args:
        mode (str): ``"RNN_TANH"``, ``"RNN_RELU"``, ``"LSTM"`` or ``"GRU"``.
        input_size, hidden_size, num_layers, bias, batch_first, dropout,
        bidirectional, proj_size: as in :class:`LSTM`.

    >>> rnn = nn.RNNBase("GRU", 3, 4)
    >>> [n for n, _ in rnn.named_parameters()]
    ['weight_ih_l0', 'weight_hh_l0', 'bias_ih_l0', 'bias_hh_l0']
    """

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, proj_size=0,
                 device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or \
                isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so "
                          "non-zero dropout expects num_layers greater than 1, but got "
                          f"dropout={dropout} and num_layers={num_layers}", stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f"bias should be of type bool, got: {type(bias).__name__}")
        if not isinstance(batch_first, bool):
            raise TypeError(f"batch_first should be of type bool, got: {type(batch_first).__name__}")
        if not isinstance(input_size, int):
            raise TypeError(f"input_size should be of type int, got: {type(input_size).__name__}")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable "
                             "projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode == "LSTM":
            gate_size = 4 * hidden_size
        elif mode == "GRU":
            gate_size = 3 * hidden_size
        elif mode in ("RNN_TANH", "RNN_RELU"):
            gate_size = hidden_size
        else:
            raise ValueError("Unrecognized RNN mode: " + mode)
        T = _T()
        self._flat_weights_names = []
        self._all_weights = []
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                suffix = "_reverse" if direction == 1 else ""
                shapes = [("weight_ih_l{}{}", (gate_size, layer_input_size)),
                          ("weight_hh_l{}{}", (gate_size, real_hidden_size))]
                if bias:
                    shapes += [("bias_ih_l{}{}", (gate_size,)), ("bias_hh_l{}{}", (gate_size,))]
                if proj_size > 0:
                    shapes += [("weight_hr_l{}{}", (proj_size, hidden_size))]
                names = []
                for fmt, shape in shapes:
                    name = fmt.format(layer, suffix)
                    setattr(self, name, Parameter(T.empty(shape, dtype=dtype)))
                    names.append(name)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, n) for n in self._flat_weights_names]

    @property
    def all_weights(self):
        """The parameters per layer and direction, as torch's ``all_weights``: a list of
        ``[weight_ih, weight_hh, bias_ih, bias_hh(, weight_hr)]`` lists.

        >>> [tuple(w.shape) for w in nn.GRU(3, 4).all_weights[0]]
        [(12, 3), (12, 4), (12,), (12,)]
        """
        return [[getattr(self, n) for n in names] for names in self._all_weights]

    def flatten_parameters(self):
        """A no-op kept for torch's API (cuDNN's contiguous weight buffer has no
        counterpart here).

        >>> nn.LSTM(3, 4).flatten_parameters()
        """
        return None

    def reset_parameters(self):
        """Draws every weight and bias from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)),
        as torch.

        >>> nn.RNN(3, 4).reset_parameters()
        """
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    # ------------------------------------------------------------ checks (torch's words)
    def check_input(self, input, batch_sizes):
        """Raises torch's errors for an input of the wrong dtype, rank or feature size.

        >>> nn.GRU(3, 4).check_input(torch.zeros(5, 2, 3), None)
        """
        w0 = getattr(self, self._flat_weights_names[0])
        if input.dtype != w0.dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype "
                             f"({w0.dtype}). Convert input: input.to({w0.dtype}), or convert "
                             f"model: model.to({input.dtype})")
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.size(-1)}")

    def get_expected_hidden_size(self, input, batch_sizes):
        """(num_layers * num_directions, batch, hidden or proj size) for this input.

        >>> nn.GRU(3, 4, bidirectional=True).get_expected_hidden_size(torch.zeros(5, 2, 3), None)
        (2, 2, 4)
        """
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, mini_batch, size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        """Raises torch's error when hx's shape is not the expected one.

        >>> nn.GRU(3, 4).check_hidden_size(torch.zeros(1, 2, 4), (1, 2, 4))
        """
        if tuple(hx.size()) != tuple(expected_hidden_size):
            raise RuntimeError(msg.format(tuple(expected_hidden_size), list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        """check_input and check_hidden_size together, as torch.

        >>> nn.GRU(3, 4).check_forward_args(torch.zeros(5, 2, 3), torch.zeros(1, 2, 4), None)
        """
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        """hx reordered along the batch by permutation (None: hx as is), as torch.

        >>> nn.GRU(3, 4).permute_hidden(torch.zeros(1, 2, 4), None).shape
        torch.Size([1, 2, 4])
        """
        if permutation is None:
            return hx
        return hx.index_select(1, permutation)

    # ------------------------------------------------------------ the layers
    def _weights(self, layer, direction):
        names = self._all_weights[layer * (2 if self.bidirectional else 1) + direction]
        ws = [getattr(self, n) for n in names]
        w_ih, w_hh = ws[0], ws[1]
        b_ih = b_hh = w_hr = None
        if self.bias:
            b_ih, b_hh = ws[2], ws[3]
        if self.proj_size > 0:
            w_hr = ws[-1]
        return w_ih, w_hh, b_ih, b_hh, w_hr

    def _run(self, input, hx, cx):
        """input (L, N, I) time-major; hx (layers*dirs, N, H), cx likewise or None."""
        T = _T()
        num_directions = 2 if self.bidirectional else 1
        mode = self.mode
        act = T.tanh if mode == "RNN_TANH" else T.relu
        seq_len = input.size(0)
        if seq_len == 0:
            raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
        layer_input = input
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(num_directions):
                idx = layer * num_directions + direction
                w_ih, w_hh, b_ih, b_hh, w_hr = self._weights(layer, direction)
                gi_all = F.linear(layer_input, w_ih, b_ih)
                h = hx[idx]
                c = cx[idx] if cx is not None else None
                steps = range(seq_len - 1, -1, -1) if direction == 1 else range(seq_len)
                hs = [None] * seq_len
                for t in steps:
                    gi = gi_all[t]
                    if mode == "LSTM":
                        h, c = _lstm_step(gi, h, c, w_hh, b_hh, w_hr)
                    elif mode == "GRU":
                        h = _gru_step(gi, h, w_hh, b_hh)
                    else:
                        h = _rnn_step(gi, h, w_hh, b_hh, act)
                    hs[t] = h
                outs.append(T.stack(hs, 0))
                h_n.append(h)
                if c is not None:
                    c_n.append(c)
            layer_output = outs[0] if num_directions == 1 else T.cat(outs, 2)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_output = F.dropout(layer_output, self.dropout, True)
            layer_input = layer_output
        h_n = T.stack(h_n, 0)
        c_n = T.stack(c_n, 0) if cx is not None else None
        return layer_input, h_n, c_n

    def _step(self, gi, state, weights):
        w_ih, w_hh, b_ih, b_hh, w_hr = weights
        if self.mode == "LSTM":
            return _lstm_step(gi, state[0], state[1], w_hh, b_hh, w_hr)
        if self.mode == "GRU":
            return (_gru_step(gi, state[0], w_hh, b_hh),)
        act = _T().tanh if self.mode == "RNN_TANH" else _T().relu
        return (_rnn_step(gi, state[0], w_hh, b_hh, act),)

    def _run_packed(self, data, sizes, hx, cx):
        """The packed layers of torch's RNN.cpp over data (sum(sizes), I) with
        sizes[t] sequences running at step t. Forward: the finished sequences'
        states are set aside as the batch shrinks and concatenated back (in
        batch order) at the end; reverse: the run starts from the shortest
        batch and a sequence joins, from its initial state, when it begins."""
        T = _T()
        num_directions = 2 if self.bidirectional else 1
        offsets = [0]
        for b in sizes:
            offsets.append(offsets[-1] + b)
        layer_input = data
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(num_directions):
                idx = layer * num_directions + direction
                weights = self._weights(layer, direction)
                gi_all = F.linear(layer_input, weights[0], weights[2])
                init = (hx[idx],) if cx is None else (hx[idx], cx[idx])
                steps = [None] * len(sizes)
                if direction == 0:
                    state, finals, last = init, [], sizes[0]
                    for t, b in enumerate(sizes):
                        if b < last:
                            finals.append(tuple([st[b:last] for st in state]))
                            state = tuple([st[:b] for st in state])
                        last = b
                        state = self._step(gi_all[offsets[t]:offsets[t + 1]], state, weights)
                        steps[t] = state[0]
                    finals.append(state)
                    finals.reverse()
                    final = tuple([T.cat([f[k] for f in finals], 0) for k in range(len(init))])
                else:
                    last = sizes[-1]
                    state = tuple([st[:last] for st in init])
                    for t in range(len(sizes) - 1, -1, -1):
                        b = sizes[t]
                        if b > last:
                            state = tuple([T.cat([st, i[last:b]], 0) for st, i in zip(state, init)])
                        last = b
                        state = self._step(gi_all[offsets[t]:offsets[t + 1]], state, weights)
                        steps[t] = state[0]
                    final = state
                outs.append(T.cat(steps, 0))
                h_n.append(final[0])
                if cx is not None:
                    c_n.append(final[1])
            layer_output = outs[0] if num_directions == 1 else T.cat(outs, outs[0].dim() - 1)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_output = F.dropout(layer_output, self.dropout, True)
            layer_input = layer_output
        return layer_input, T.stack(h_n, 0), (T.stack(c_n, 0) if cx is not None else None)

    def _forward_packed(self, input, hx):
        """RNN/LSTM/GRU over a PackedSequence, as torch's forward: hx is reordered
        into the packed (sorted) order and the final states back into the batch's."""
        from cyautograd.nn.utils.rnn import PackedSequence
        T = _T()
        data, batch_sizes, sorted_indices, unsorted_indices = input
        max_batch = int(batch_sizes[0])
        num_directions = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        lstm = self.mode == "LSTM"
        if hx is None:
            h0 = T.zeros(self.num_layers * num_directions, max_batch, real_hidden,
                         dtype=data.dtype, device=data.device)
            hx = (h0, T.zeros(self.num_layers * num_directions, max_batch, self.hidden_size,
                              dtype=data.dtype, device=data.device)) if lstm else h0
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        if not lstm:    # torch's LSTM checks no packed input's shapes (RNN and GRU do)
            self.check_forward_args(data, hx, batch_sizes)
        sizes = [int(b) for b in batch_sizes.tolist()]
        if lstm:
            out, h_n, c_n = self._run_packed(data, sizes, hx[0], hx[1])
            hidden = (h_n, c_n)
        else:
            out, hidden, _ = self._run_packed(data, sizes, hx, None)
        output = PackedSequence(out, batch_sizes, sorted_indices, unsorted_indices)
        return output, self.permute_hidden(hidden, unsorted_indices)

    def _prepare(self, input, name):
        if input.dim() not in (2, 3):
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D "
                             f"{'tensor ' if name == 'RNN' else ''}instead")
        return input.dim() == 3

    def _zeros(self, input, size):
        num_directions = 2 if self.bidirectional else 1
        batch = input.size(0) if self.batch_first else input.size(1)
        return _T().zeros((self.num_layers * num_directions, batch, size), dtype=input.dtype,
                          device=input.device)

    def _finish(self, output, is_batched):
        if self.batch_first:
            if self.mode == "LSTM":
                output = output.transpose(0, 1)    # torch's lstm: TransposeBackward0
            else:
                output = output.transpose_(0, 1)   # torch's native loop: TransposeBackward1
        if not is_batched:
            output = output.squeeze(1)
        return output

    def _forward_single_state(self, input, hx, name):
        """RNN and GRU forward: one hidden state (LSTM adds the cell state)."""
        from cyautograd.nn.utils.rnn import PackedSequence
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        is_batched = self._prepare(input, name)
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got "
                                       f"{hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got "
                               f"{hx.dim()}-D tensor")
        if hx is None:
            hx = self._zeros(input, self.hidden_size)
        self.check_forward_args(input, hx, None)
        x = input.transpose(0, 1) if self.batch_first else input
        output, h_n, _ = self._run(x, hx, None)
        output = self._finish(output, is_batched)
        if not is_batched:
            h_n = h_n.squeeze(1)
        return output, h_n


class RNN(RNNBase):
    """A multi-layer Elman RNN, as torch.nn.RNN: for every element of the input
    sequence each layer computes ``h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)``
    (``nonlinearity="relu"``: relu).

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden state.
        num_layers (int): stacked layers (default 1).
        nonlinearity (str): ``"tanh"`` (default) or ``"relu"``.
        bias (bool): with ``bias_ih``/``bias_hh`` (default True).
        batch_first (bool): input and output are ``(batch, seq, feature)``.
        dropout (float): dropout on the outputs of every layer but the last (training).
        bidirectional (bool): run every layer both ways.

    Inputs ``input`` of shape ``(L, N, H_in)`` (``(N, L, H_in)`` batch first, or
    ``(L, H_in)`` unbatched) and ``hx`` ``(D * num_layers, N, H_out)`` (zeros when
    omitted); returns ``(output, h_n)``. ``input`` may be a PackedSequence (the output is one too).

    >>> rnn = nn.RNN(10, 20, 2)
    >>> output, h_n = rnn(torch.randn(5, 3, 10), torch.randn(2, 3, 20))
    >>> output.shape, h_n.shape
    (torch.Size([5, 3, 20]), torch.Size([2, 3, 20]))
    """

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or "
                             "'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_single_state(input, hx, "RNN")


class LSTM(RNNBase):
    """A multi-layer long short-term memory RNN, as torch.nn.LSTM: each layer
    computes the input, forget, cell and output gates
    ``i, f, g, o = chunk(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh, 4)``, then
    ``c_t = sigmoid(f) * c_{t-1} + sigmoid(i) * tanh(g)`` and
    ``h_t = sigmoid(o) * tanh(c_t)`` (projected by ``W_hr`` when ``proj_size > 0``).

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden (and cell) state.
        num_layers (int): stacked layers (default 1).
        bias (bool): with ``bias_ih``/``bias_hh`` (default True).
        batch_first (bool): input and output are ``(batch, seq, feature)``.
        dropout (float): dropout on the outputs of every layer but the last (training).
        bidirectional (bool): run every layer both ways.
        proj_size (int): project h_t to this size (0: no projection).

    Returns ``(output, (h_n, c_n))``; ``hx`` is a pair ``(h_0, c_0)`` or None (zeros).
    ``input`` may be a PackedSequence (the output is one too).

    >>> lstm = nn.LSTM(10, 20, 2)
    >>> output, (h_n, c_n) = lstm(torch.randn(5, 3, 10))
    >>> output.shape, h_n.shape, c_n.shape
    (torch.Size([5, 3, 20]), torch.Size([2, 3, 20]), torch.Size([2, 3, 20]))
    """

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        """(num_layers * num_directions, batch, hidden_size): c_0's expected shape.

        >>> nn.LSTM(3, 4, proj_size=2).get_expected_cell_size(torch.zeros(5, 2, 3), None)
        (1, 2, 4)
        """
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               "Expected hidden[0] size {}, got {}")
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               "Expected hidden[1] size {}, got {}")

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def forward(self, input, hx=None):
        from cyautograd.nn.utils.rnn import PackedSequence
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        is_batched = self._prepare(input, "LSTM")
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        if hx is None:
            hx = (self._zeros(input, real_hidden_size), self._zeros(input, self.hidden_size))
        else:
            if is_batched:
                if hx[0].dim() != 3 or hx[1].dim() != 3:
                    raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but "
                                       f"got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
            else:
                if hx[0].dim() != 2 or hx[1].dim() != 2:
                    raise RuntimeError("For unbatched 2-D input, hx and cx should also be 2-D but "
                                       f"got ({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_forward_args(input, hx, None)
        x = input.transpose(0, 1) if self.batch_first else input
        output, h_n, c_n = self._run(x, hx[0], hx[1])
        output = self._finish(output, is_batched)
        if not is_batched:
            h_n, c_n = h_n.squeeze(1), c_n.squeeze(1)
        return output, (h_n, c_n)


class GRU(RNNBase):
    """A multi-layer gated recurrent unit RNN, as torch.nn.GRU: with
    ``r, z`` the reset and update gates (sigmoids of the summed projections),
    ``n = tanh(x_t W_in^T + b_in + r * (h_{t-1} W_hn^T + b_hn))`` and
    ``h_t = (1 - z) * n + z * h_{t-1}``.

    Args:
        input_size (int): features of the input.
        hidden_size (int): features of the hidden state.
        num_layers (int): stacked layers (default 1).
        bias (bool): with ``bias_ih``/``bias_hh`` (default True).
        batch_first (bool): input and output are ``(batch, seq, feature)``.
        dropout (float): dropout on the outputs of every layer but the last (training).
        bidirectional (bool): run every layer both ways.

    Returns ``(output, h_n)``. ``input`` may be a PackedSequence (the output is one too).

    >>> gru = nn.GRU(10, 20, 2, batch_first=True)
    >>> output, h_n = gru(torch.randn(3, 5, 10))
    >>> output.shape, h_n.shape
    (torch.Size([3, 5, 20]), torch.Size([2, 3, 20]))
    """

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_single_state(input, hx, "GRU")


# ================================================================ cells
class RNNCellBase(Module):
    """Base class of RNNCell, LSTMCell and GRUCell (as torch.nn.RNNCellBase):
    ``weight_ih`` ``(num_chunks * hidden_size, input_size)``, ``weight_hh``
    ``(num_chunks * hidden_size, hidden_size)`` and the two biases, drawn from
    U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)).

    >>> nn.RNNCellBase(3, 4, True, 2).weight_ih.shape
    torch.Size([8, 3])
    """

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        T = _T()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(T.empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(T.empty((num_chunks * hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(T.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(T.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        """Draws every weight and bias from U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)).

        >>> nn.GRUCell(3, 4).reset_parameters()
        """
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _check(self, input, hx, name, hname="hidden0"):
        """The checks of torch's _VF cells (input and hidden sizes, batch)."""
        if input.size(1) != self.input_size:
            raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected "
                               f"{self.input_size}")
        if input.size(0) != hx.size(0):
            raise RuntimeError(f"Input batch size {input.size(0)} doesn't match {hname} batch "
                               f"size {hx.size(0)}")
        if hx.size(1) != self.hidden_size:
            raise RuntimeError(f"{hname} has inconsistent hidden_size: got {hx.size(1)}, "
                               f"expected {self.hidden_size}")


class RNNCell(RNNCellBase):
    """One step of an Elman RNN, as torch.nn.RNNCell:
    ``h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (or relu).

    Args:
        input_size (int), hidden_size (int), bias (bool, default True),
        nonlinearity (str): ``"tanh"`` (default) or ``"relu"``.

    >>> cell = nn.RNNCell(10, 20)
    >>> h = cell(torch.randn(3, 10))
    >>> h.shape
    torch.Size([3, 20])
    """

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"RNNCell: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = _T().zeros((input.size(0), self.hidden_size), dtype=input.dtype, device=input.device)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        self._check(input, hx, "RNNCell")
        if self.nonlinearity == "tanh":
            act = _T().tanh
        elif self.nonlinearity == "relu":
            act = _T().relu
        else:
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        ret = _rnn_step(F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh,
                        self.bias_hh, act)
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    """One step of an LSTM, as torch.nn.LSTMCell: returns ``(h', c')``.

    Args:
        input_size (int), hidden_size (int), bias (bool, default True).

    >>> cell = nn.LSTMCell(10, 20)
    >>> h, c = cell(torch.randn(3, 10))
    >>> h.shape, c.shape
    (torch.Size([3, 20]), torch.Size([3, 20]))
    """

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got "
                                     f"{value.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = _T().zeros((input.size(0), self.hidden_size), dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        else:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if not is_batched else hx
        self._check(input, hx[0], "LSTMCell", "hidden0")
        self._check(input, hx[1], "LSTMCell", "hidden1")
        h, c = _lstm_step(F.linear(input, self.weight_ih, self.bias_ih), hx[0], hx[1],
                          self.weight_hh, self.bias_hh, None)
        if not is_batched:
            h, c = h.squeeze(0), c.squeeze(0)
        return h, c


class GRUCell(RNNCellBase):
    """One step of a GRU, as torch.nn.GRUCell.

    Args:
        input_size (int), hidden_size (int), bias (bool, default True).

    >>> cell = nn.GRUCell(10, 20)
    >>> h = cell(torch.randn(3, 10), torch.randn(3, 20))
    >>> h.shape
    torch.Size([3, 20])
    """

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"GRUCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"GRUCell: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = _T().zeros((input.size(0), self.hidden_size), dtype=input.dtype, device=input.device)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        self._check(input, hx, "GRUCell")
        ret = _gru_step(F.linear(input, self.weight_ih, self.bias_ih), hx, self.weight_hh,
                        self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
