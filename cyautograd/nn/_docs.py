"""Docstrings of cyautograd.nn, nn.functional, nn.init and nn.utils, attached
by cyautograd/_docs.py (NOTE [ Where docstrings live ]). Texts that start with
``>>>`` are examples appended to a docstring the source already has."""

_RED = """    reduction (str): ``"none"`` (one loss per element), ``"mean"`` (default) or ``"sum"``.
    size_average, reduce: deprecated forms of ``reduction``, as torch's."""


def _act(name, what, example="torch.tensor([-1., 0., 2.])", extra=""):
    return f"""{what}, elementwise (the function behind ``nn.{name}``).

Args:
    input (Tensor): the tensor.{extra}

>>> F.{name.lower() if name.lower() == name else name}({example})"""


def _f_act(fname, what, extra="", example="torch.tensor([-1., 0., 2.])"):
    return f"""{what}, elementwise.

Args:
    input (Tensor): the tensor.{extra}

>>> F.{fname}({example})"""


_INPLACE = "\n    inplace (bool): write the result into ``input``."


def _loss(fname, what, example, extra=""):
    return f"""{what}

Args:
    input (Tensor): the prediction.
    target (Tensor): the target.{extra}
{_RED}

>>> F.{fname}({example})"""


def _init(fname, what, example="torch.empty(3, 5)", extra=""):
    return f"""{what} Works in place without recording gradients, and returns ``tensor``.

Args:
    tensor (Tensor): the tensor filled (usually a parameter).{extra}

>>> nn.init.{fname}({example})"""


_GEN = "\n    generator: accepted for torch's signature (the global generator is used)."

DOCS = {
    # -- Module --------------------------------------------------------------
    "nn.Module": """Base class of neural network modules, as torch.nn.Module. A subclass creates
its layers and parameters in ``__init__`` (after ``super().__init__()``) and
computes in ``forward``; assigning a Parameter or a Module as an attribute
registers it (a buffer: ``register_buffer``), so ``parameters()``, ``state_dict()``, ``to()``,
``train()``/``eval()`` and hooks see the whole tree. Call the module
(``net(x)``), not ``forward``.

>>> class Net(nn.Module):\n...     def __init__(self):\n...         super().__init__(); self.fc = nn.Linear(2, 1)\n...     def forward(self, x): return self.fc(x)\n>>> Net()(torch.ones(3, 2)).shape""",
    "nn.Module.forward": """The computation of the module, defined by every subclass. Call the module
(``module(x)``) rather than ``forward``: the call runs the registered hooks.

>>> nn.Linear(2, 1).forward(torch.ones(3, 2)).shape""",
    "nn.Module.extra_repr": """The module's own settings as a string, shown inside its ``repr`` (override it
in a subclass to show yours).

>>> nn.Linear(2, 1).extra_repr()""",
    "nn.Module.add_module": """Registers the submodule ``module`` as attribute ``name`` (as assigning it does).

>>> m = nn.Module(); m.add_module("fc", nn.Linear(2, 1)); m""",
    "nn.Module.register_module": """Alias of ``add_module``.

>>> m = nn.Module(); m.register_module("fc", nn.Linear(2, 1))""",
    "nn.Module.register_parameter": """Registers ``param`` (a Parameter, or None) as the parameter ``name``.

>>> m = nn.Module(); m.register_parameter("w", nn.Parameter(torch.ones(2))); list(m.parameters())""",
    "nn.Module.register_buffer": """Registers ``tensor`` as the buffer ``name``: module state that is not a
parameter (running statistics ...), moved by ``to()`` and saved in
``state_dict()`` unless ``persistent=False``.

>>> m = nn.Module(); m.register_buffer("count", torch.zeros(1)); m.count""",
    "nn.Module.apply": """Calls ``fn(m)`` on every submodule (children first) and on the module itself;
returns the module (e.g. to initialize weights).

>>> nn.Sequential(nn.Linear(2, 2)).apply(lambda m: None)""",
    "nn.Module.parameters": """An iterator over the module's parameters (and its submodules' when
``recurse``), each once; what an optimizer takes.

>>> sum(p.numel() for p in nn.Linear(2, 3).parameters())""",
    "nn.Module.named_parameters": """An iterator over ``(name, parameter)`` pairs, names dotted by submodule
(``"0.weight"``), prefixed with ``prefix``.

>>> [n for n, _ in nn.Sequential(nn.Linear(2, 3)).named_parameters()]""",
    "nn.Module.buffers": """An iterator over the module's buffers (and its submodules' when ``recurse``).

>>> list(nn.BatchNorm1d(2).buffers())[0]""",
    "nn.Module.named_buffers": """An iterator over ``(name, buffer)`` pairs.

>>> [n for n, _ in nn.BatchNorm1d(2).named_buffers()]""",
    "nn.Module.children": """An iterator over the direct submodules.

>>> list(nn.Sequential(nn.Linear(2, 2), nn.ReLU()).children())""",
    "nn.Module.named_children": """An iterator over ``(name, submodule)`` pairs of the direct submodules.

>>> [n for n, _ in nn.Sequential(nn.Linear(2, 2), nn.ReLU()).named_children()]""",
    "nn.Module.modules": """An iterator over the module and all its submodules, recursively, each once.

>>> len(list(nn.Sequential(nn.Linear(2, 2), nn.ReLU()).modules()))""",
    "nn.Module.named_modules": """An iterator over ``(name, module)`` pairs of the module (name ``""``) and all
its submodules.

>>> [n for n, _ in nn.Sequential(nn.Linear(2, 2)).named_modules()]""",
    "nn.Module.get_submodule": """The submodule at the dotted path ``target`` (``"0.fc"``); raises
AttributeError when there is none.

>>> nn.Sequential(nn.Linear(2, 2)).get_submodule("0")""",
    "nn.Module.get_parameter": """The parameter at the dotted path ``target`` (``"0.weight"``).

>>> nn.Sequential(nn.Linear(2, 2)).get_parameter("0.bias").shape""",
    "nn.Module.get_buffer": """The buffer at the dotted path ``target`` (``"0.running_mean"``).

>>> nn.Sequential(nn.BatchNorm1d(2)).get_buffer("0.running_mean")""",
    "nn.Module.train": """Sets training mode (``mode=True``) or evaluation mode on the module and its
submodules (dropout and batch norm behave differently); returns the module.

>>> nn.Dropout().train().training""",
    "nn.Module.eval": """Sets evaluation mode: ``train(False)``. Returns the module.

>>> nn.Dropout().eval().training""",
    "nn.Module.requires_grad_": """Sets ``requires_grad`` of every parameter (e.g. False to freeze a part);
returns the module.

>>> next(nn.Linear(2, 2).requires_grad_(False).parameters()).requires_grad""",
    "nn.Module.zero_grad": """Resets the gradients of all parameters: to None (``set_to_none=True``, the
default) or to zeros.

>>> m = nn.Linear(2, 1); m(torch.ones(1, 2)).sum().backward(); m.zero_grad(); m.weight.grad""",
    "nn.Module.state_dict": """A dict of the module's parameters and persistent buffers by dotted name
(detached tensors sharing their data unless ``keep_vars``), for saving or for
``load_state_dict``.

>>> list(nn.Linear(2, 1).state_dict())""",
    "nn.Module.load_state_dict": """Copies parameters and buffers from ``state_dict`` into the module (with
``assign=True``, the tensors themselves replace them). With ``strict``, missing
or unexpected keys raise; returns ``(missing_keys, unexpected_keys)``.

>>> m = nn.Linear(2, 1); m.load_state_dict(nn.Linear(2, 1).state_dict())""",
    "nn.Module.to": """Converts the parameters and buffers in place to a dtype and/or device
(``to(torch.float64)``, ``to("cpu")``, ``to(tensor)``); returns the module.

>>> nn.Linear(2, 1).to(torch.float64).weight.dtype""",
    "nn.Module.cpu": """Moves the parameters and buffers to the CPU; returns the module.

>>> nn.Linear(2, 1).cpu()""",
    "nn.Module.double": """Converts floating point parameters and buffers to float64; returns the module.

>>> nn.Linear(2, 1).double().weight.dtype""",
    "nn.Module.float": """Converts floating point parameters and buffers to float32; returns the module.

>>> nn.Linear(2, 1).float().weight.dtype""",
    "nn.Module.half": """Converts floating point parameters and buffers to float16; returns the module.

>>> nn.Linear(2, 1).half().weight.dtype""",
    "nn.Module.type": """Converts all parameters and buffers to ``dst_type`` (a dtype); returns the module.

>>> nn.Linear(2, 1).type(torch.float64).weight.dtype""",
    "nn.Module.register_forward_pre_hook": """Registers ``hook(module, args)``, run before ``forward``; it may return
replacement args (with ``with_kwargs``: ``hook(module, args, kwargs)``).
Returns a removable handle.

>>> h = nn.Linear(2, 1).register_forward_pre_hook(lambda m, args: None); h.remove()""",
    "nn.Module.register_forward_hook": """Registers ``hook(module, args, output)``, run after ``forward``; it may return
a replacement output. Returns a removable handle.

>>> h = nn.Linear(2, 1).register_forward_hook(lambda m, args, out: None); h.remove()""",
    "nn.Module.register_full_backward_hook": """Registers ``hook(module, grad_input, grad_output)``, run when the gradients
with respect to the module's inputs are computed; it may return replacement
``grad_input``. Returns a removable handle.

>>> h = nn.Linear(2, 1).register_full_backward_hook(lambda m, gi, go: None); h.remove()""",
    # containers
    "nn.Sequential": """A chain of modules called in order, each on the previous one's output; indexable and sliceable.

Args:
    *args: the modules (or one OrderedDict of them by name).

>>> nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))(torch.ones(4, 2)).shape""",
    "nn.Sequential.append": """Adds ``module`` at the end; returns the Sequential.

>>> nn.Sequential(nn.Linear(2, 2)).append(nn.ReLU())""",
    "nn.Sequential.extend": """Adds the modules of ``sequential`` (any iterable of modules) at the end.

>>> nn.Sequential().extend([nn.Linear(2, 2), nn.ReLU()])""",
    "nn.Sequential.insert": """Inserts ``module`` at position ``index``.

>>> nn.Sequential(nn.ReLU()).insert(0, nn.Linear(2, 2))""",
    "nn.Sequential.pop": """Removes and returns the module at index ``key``.

>>> nn.Sequential(nn.Linear(2, 2), nn.ReLU()).pop(1)""",
    "nn.ModuleList": """A list of submodules, registered so that their parameters are the parent's.

Args:
    modules (iterable, optional): the initial modules.

>>> nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])[1]""",
    "nn.ModuleList.append": """Adds ``module`` at the end; returns the list.

>>> nn.ModuleList().append(nn.ReLU())""",
    "nn.ModuleList.extend": """Adds the modules of an iterable at the end; returns the list.

>>> nn.ModuleList().extend([nn.ReLU(), nn.Tanh()])""",
    "nn.ModuleList.insert": """Inserts ``module`` before position ``index``.

>>> m = nn.ModuleList([nn.ReLU()]); m.insert(0, nn.Tanh()); m""",
    "nn.ModuleList.pop": """Removes and returns the module at index ``key``.

>>> nn.ModuleList([nn.ReLU(), nn.Tanh()]).pop(0)""",
    "nn.ModuleDict": """A dict of submodules by name, registered so that their parameters are the parent's.

Args:
    modules (mapping or pairs, optional): the initial modules.

>>> nn.ModuleDict({'act': nn.ReLU(), 'fc': nn.Linear(2, 2)})['fc']""",
    "nn.ModuleDict.keys": """The names of the modules, in insertion order.

>>> list(nn.ModuleDict({'act': nn.ReLU()}).keys())""",
    "nn.ModuleDict.values": """The modules, in insertion order.

>>> list(nn.ModuleDict({'act': nn.ReLU()}).values())""",
    "nn.ModuleDict.items": """``(name, module)`` pairs, in insertion order.

>>> list(nn.ModuleDict({'act': nn.ReLU()}).items())""",
    "nn.ModuleDict.update": """Adds or replaces modules from a mapping or an iterable of ``(name, module)`` pairs.

>>> d = nn.ModuleDict(); d.update({'act': nn.ReLU()}); d""",
    "nn.ModuleDict.pop": """Removes the module ``key`` and returns it.

>>> nn.ModuleDict({'act': nn.ReLU()}).pop('act')""",
    "nn.ModuleDict.clear": """Removes all modules.

>>> d = nn.ModuleDict({'act': nn.ReLU()}); d.clear(); len(d)""",
    "nn.ParameterList": """A list of parameters, registered with the module that holds it.

Args:
    values (iterable, optional): the initial parameters.

>>> nn.ParameterList([nn.Parameter(torch.ones(2)) for _ in range(2)])[0]""",
    "nn.ParameterList.append": """Adds a parameter at the end (a plain tensor becomes a Parameter); returns the list.

>>> nn.ParameterList().append(nn.Parameter(torch.ones(2)))""",
    "nn.ParameterList.extend": """Adds the parameters of an iterable at the end; returns the list.

>>> nn.ParameterList().extend([nn.Parameter(torch.ones(2))])""",
    "nn.ParameterDict": """A dict of parameters by name, registered with the module that holds it.

Args:
    parameters (mapping or pairs, optional): the initial parameters.

>>> nn.ParameterDict({'w': nn.Parameter(torch.ones(2))})['w']""",
    "nn.ParameterDict.keys": """The names of the parameters.

>>> list(nn.ParameterDict({'w': nn.Parameter(torch.ones(2))}).keys())""",
    "nn.ParameterDict.values": """The parameters.

>>> list(nn.ParameterDict({'w': nn.Parameter(torch.ones(2))}).values())""",
    "nn.ParameterDict.items": """``(name, parameter)`` pairs.

>>> list(nn.ParameterDict({'w': nn.Parameter(torch.ones(2))}).items())""",
    "nn.ParameterDict.update": """Adds or replaces parameters from a mapping or ``(name, parameter)`` pairs.

>>> d = nn.ParameterDict(); d.update({'w': nn.Parameter(torch.ones(2))}); d""",
    "nn.Parameter": """A Tensor that is a module parameter: assigned as a Module attribute it is
registered, and it appears in ``parameters()``. It requires grad unless
``requires_grad=False``; it shares ``data``'s storage.

Args:
    data (Tensor): the initial value.
    requires_grad (bool): whether it requires grad.

>>> nn.Parameter(torch.zeros(2))""",
    # layers (their class docstrings are in the source)
    "nn.Linear": """Applies ``y = x @ weight.T + bias``; ``weight`` (out_features, in_features) and ``bias`` are initialized uniformly in +-1/sqrt(in_features).

Args:
    in_features (int): the size of each input's last dimension.
    out_features (int): the size of each output's last dimension.
    bias (bool): learn an additive bias.
    device, dtype: of the parameters.

>>> nn.Linear(3, 2)(torch.ones(4, 3)).shape""",
    "nn.Linear.reset_parameters": """Re-draws weight and bias as at construction (kaiming-uniform weight, uniform bias).

>>> nn.Linear(3, 2).reset_parameters()""",
    "nn.Bilinear": """Applies ``y = x1^T A x2 + b`` per output feature; ``weight`` is (out, in1, in2).

Args:
    in1_features, in2_features (int): the sizes of the two inputs' last dimension.
    out_features (int): the output size.
    bias (bool): learn an additive bias.

>>> nn.Bilinear(2, 3, 4)(torch.ones(5, 2), torch.ones(5, 3)).shape""",
    "nn.Bilinear.reset_parameters": """Re-draws weight and bias uniformly in +-1/sqrt(in1_features), as at construction.

>>> nn.Bilinear(2, 3, 4).reset_parameters()""",
    "nn.Conv1d": """1-d convolution over (N, C_in, L) inputs (see ``F.conv1d``).

Args:
    in_channels, out_channels (int): the channels.
    kernel_size (int): the window.
    stride, padding, dilation, groups: as ``F.conv1d``.
    bias (bool): learn an additive bias.
    padding_mode (str): ``"zeros"``, ``"reflect"``, ``"replicate"`` or ``"circular"``.

>>> nn.Conv1d(2, 4, kernel_size=3)(torch.ones(1, 2, 10)).shape""",
    "nn.Conv2d": """2-d convolution over (N, C_in, H, W) inputs (see ``F.conv2d``).

Args:
    in_channels, out_channels (int): the channels.
    kernel_size (int or tuple): the window.
    stride, padding, dilation, groups: as ``F.conv2d``.
    bias (bool): learn an additive bias.
    padding_mode (str): ``"zeros"``, ``"reflect"``, ``"replicate"`` or ``"circular"``.

>>> nn.Conv2d(3, 8, kernel_size=3, padding=1)(torch.ones(1, 3, 5, 5)).shape""",
    "nn.modules._ConvNd.reset_parameters": """Re-draws weight and bias as at construction (kaiming-uniform weight).

>>> nn.Conv2d(1, 1, 3).reset_parameters()""",
    "nn.Embedding": """A lookup table of ``num_embeddings`` vectors of size ``embedding_dim``, indexed by integer tensors (see ``F.embedding``).

Args:
    num_embeddings (int): the table size.
    embedding_dim (int): the vector size.
    padding_idx (int, optional): a row that gets no gradient.
    max_norm, norm_type, scale_grad_by_freq, sparse: as torch's.

>>> nn.Embedding(10, 3)(torch.tensor([[1, 2], [4, 9]])).shape""",
    "nn.Embedding.reset_parameters": """Re-draws the weight from N(0, 1) (zeroing the ``padding_idx`` row).

>>> nn.Embedding(10, 3).reset_parameters()""",
    "nn.Embedding.from_pretrained": """An Embedding whose weight is ``embeddings`` (a 2-d tensor), frozen
(``requires_grad=False``) unless ``freeze=False``; the other arguments as the
constructor's.

>>> nn.Embedding.from_pretrained(torch.eye(3))(torch.tensor([2]))""",
    "nn.LayerNorm": """Layer normalization over the trailing ``normalized_shape`` (see ``F.layer_norm``), with learned ``weight`` and ``bias`` when ``elementwise_affine``.

Args:
    normalized_shape (int or sequence): the trailing shape normalized.
    eps (float): added to the variance.
    elementwise_affine (bool): learn weight (and bias).
    bias (bool): learn a bias.

>>> nn.LayerNorm(4)(torch.randn(2, 4)).shape""",
    "nn.LayerNorm.reset_parameters": """Resets weight to ones and bias to zeros.

>>> nn.LayerNorm(4).reset_parameters()""",
    "nn.BatchNorm1d": """Batch normalization of (N, C) or (N, C, L) inputs per channel (see ``F.batch_norm``): batch statistics in training mode (updating the running ones), running statistics in eval mode.

Args:
    num_features (int): C.
    eps (float): added to the variance.
    momentum (float): the update rate of the running statistics.
    affine (bool): learn weight and bias.
    track_running_stats (bool): keep running statistics.

>>> nn.BatchNorm1d(3)(torch.randn(4, 3)).shape""",
    "nn.BatchNorm2d": """Batch normalization of (N, C, H, W) inputs per channel (see ``BatchNorm1d``).

Args:
    num_features (int): C.
    eps, momentum, affine, track_running_stats: as ``BatchNorm1d``.

>>> nn.BatchNorm2d(3)(torch.randn(2, 3, 4, 4)).shape""",
    "nn.modules._BatchNorm.reset_parameters": """Resets the running statistics, weight to ones and bias to zeros.

>>> nn.BatchNorm1d(3).reset_parameters()""",
    "nn.modules._BatchNorm.reset_running_stats": """Resets ``running_mean`` to 0, ``running_var`` to 1 and ``num_batches_tracked`` to 0.

>>> nn.BatchNorm1d(3).reset_running_stats()""",
    "nn.Dropout": """Zeroes elements with probability ``p`` in training mode, scaling the rest by 1/(1-p); the identity in eval mode.

Args:
    p (float): the probability of zeroing.
    inplace (bool): write into the input.

>>> nn.Dropout(p=0.5)(torch.ones(6))""",
    "nn.Identity": """Returns its input (a placeholder layer).

Args:
    args, kwargs: ignored.

>>> nn.Identity()(torch.ones(2))""",
    "nn.Flatten": """Flattens dimensions ``start_dim`` .. ``end_dim`` (by default all but the batch dimension).

Args:
    start_dim, end_dim (int): the range flattened.

>>> nn.Flatten()(torch.ones(2, 3, 4)).shape""",
    "nn.Unflatten": """Splits dimension ``dim`` into ``unflattened_size``.

Args:
    dim (int): the dimension.
    unflattened_size (sequence of ints): the new sizes.

>>> nn.Unflatten(1, (3, 4))(torch.ones(2, 12)).shape""",
    "nn.MaxPool1d": """Max pooling over the last dimension (see ``F.max_pool1d``).

Args:
    kernel_size, stride, padding, dilation (int): the windows (stride defaults to kernel_size).
    return_indices (bool): also return where the maxima are.
    ceil_mode (bool): round the output size up.

>>> nn.MaxPool1d(2)(torch.arange(8.).view(1, 1, 8))""",
    "nn.MaxPool2d": """Max pooling over the last two dimensions (see ``F.max_pool2d``).

Args:
    kernel_size, stride, padding, dilation (int or tuple): the windows.
    return_indices (bool): also return where the maxima are.
    ceil_mode (bool): round the output size up.

>>> nn.MaxPool2d(2)(torch.ones(1, 1, 4, 4)).shape""",
    "nn.AvgPool2d": """Average pooling over the last two dimensions (see ``F.avg_pool2d``).

Args:
    kernel_size, stride, padding (int or tuple): the windows.
    ceil_mode (bool): round the output size up.
    count_include_pad (bool): count padding in the mean.
    divisor_override (int, optional): divide by this instead.

>>> nn.AvgPool2d(2)(torch.ones(1, 1, 4, 4)).shape""",
    "nn.AdaptiveAvgPool2d": """Average pooling to a fixed output size (see ``F.adaptive_avg_pool2d``).

Args:
    output_size (int or tuple): (H, W) of the output.

>>> nn.AdaptiveAvgPool2d((1, 1))(torch.ones(1, 3, 4, 4)).shape""",
    "nn.CosineSimilarity": """The cosine similarity of two inputs along ``dim`` (see ``F.cosine_similarity``).

Args:
    dim (int): the dimension.
    eps (float): the smallest norm.

>>> nn.CosineSimilarity(dim=1)(torch.ones(2, 3), torch.ones(2, 3))""",
    # activations
    "nn.ReLU": """``max(x, 0)`` (see ``F.relu``).

Args:
    inplace (bool): write into the input.

>>> nn.ReLU()(torch.tensor([-1., 2.]))""",
    "nn.ReLU6": """``min(max(x, 0), 6)`` (see ``F.relu6``).

Args:
    inplace (bool): write into the input.

>>> nn.ReLU6()(torch.tensor([-1., 2., 8.]))""",
    "nn.LeakyReLU": """``x`` where positive, ``negative_slope * x`` elsewhere (see ``F.leaky_relu``).

Args:
    negative_slope (float): the slope below 0.
    inplace (bool): write into the input.

>>> nn.LeakyReLU(0.1)(torch.tensor([-1., 2.]))""",
    "nn.ELU": """``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere (see ``F.elu``).

Args:
    alpha (float): the scale.
    inplace (bool): write into the input.

>>> nn.ELU()(torch.tensor([-1., 2.]))""",
    "nn.GELU": """The Gaussian error linear unit (see ``F.gelu``).

Args:
    approximate (str): ``"none"`` or ``"tanh"``.

>>> nn.GELU(approximate='tanh')(torch.tensor([-1., 2.]))""",
    "nn.GLU": """The gated linear unit: halves ``a, b`` of ``dim``, ``a * sigmoid(b)`` (see ``F.glu``).

Args:
    dim (int): the dimension split.

>>> nn.GLU()(torch.ones(2, 4)).shape""",
    "nn.SiLU": """``x * sigmoid(x)`` (see ``F.silu``).

Args:
    inplace (bool): write into the input.

>>> nn.SiLU()(torch.tensor([-1., 2.]))""",
    "nn.Mish": """``x * tanh(softplus(x))`` (see ``F.mish``).

Args:
    inplace (bool): write into the input.

>>> nn.Mish()(torch.tensor([-1., 2.]))""",
    "nn.Sigmoid": """``1 / (1 + exp(-x))`` (see ``torch.sigmoid``).

Args:
    none.

>>> nn.Sigmoid()(torch.tensor([-1., 2.]))""",
    "nn.LogSigmoid": """``log(sigmoid(x))`` (see ``F.logsigmoid``).

Args:
    none.

>>> nn.LogSigmoid()(torch.tensor([-1., 2.]))""",
    "nn.Tanh": """The hyperbolic tangent (see ``torch.tanh``).

Args:
    none.

>>> nn.Tanh()(torch.tensor([-1., 2.]))""",
    "nn.Tanhshrink": """``x - tanh(x)`` (see ``F.tanhshrink``).

Args:
    none.

>>> nn.Tanhshrink()(torch.tensor([-1., 2.]))""",
    "nn.Hardtanh": """``x`` clamped to ``[min_val, max_val]`` (see ``F.hardtanh``).

Args:
    min_val, max_val (float): the bounds.
    inplace (bool): write into the input.

>>> nn.Hardtanh()(torch.tensor([-2., 0.5]))""",
    "nn.Hardsigmoid": """``relu6(x + 3) / 6`` (see ``F.hardsigmoid``).

Args:
    inplace (bool): write into the input.

>>> nn.Hardsigmoid()(torch.tensor([-4., 0.5]))""",
    "nn.Hardswish": """``x * relu6(x + 3) / 6`` (see ``F.hardswish``).

Args:
    inplace (bool): write into the input.

>>> nn.Hardswish()(torch.tensor([-4., 0.5]))""",
    "nn.Softplus": """``log(1 + exp(beta * x)) / beta`` (see ``F.softplus``).

Args:
    beta (float): the sharpness.
    threshold (float): above it, linear.

>>> nn.Softplus(beta=2.)(torch.tensor([-1., 2.]))""",
    "nn.Softsign": """``x / (1 + |x|)`` (see ``F.softsign``).

Args:
    none.

>>> nn.Softsign()(torch.tensor([-1., 2.]))""",
    "nn.Softmax": """Softmax along ``dim`` (see ``F.softmax``).

Args:
    dim (int): the dimension whose slices sum to 1.

>>> nn.Softmax(dim=1)(torch.ones(2, 3))""",
    "nn.LogSoftmax": """``log(softmax(x, dim))`` (see ``F.log_softmax``).

Args:
    dim (int): the dimension.

>>> nn.LogSoftmax(dim=1)(torch.ones(2, 3))""",
    # losses
    "nn.MSELoss": """The mean squared error loss (see ``F.mse_loss``); call it as ``loss(input, target)``.

Args:
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.

>>> nn.MSELoss()(torch.tensor([1., 2.]), torch.tensor([1., 4.]))""",
    "nn.L1Loss": """The mean absolute error loss (see ``F.l1_loss``).

Args:
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.

>>> nn.L1Loss()(torch.tensor([1., 2.]), torch.tensor([1., 4.]))""",
    "nn.SmoothL1Loss": """The smooth L1 loss (see ``F.smooth_l1_loss``).

Args:
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.
    beta (float): where quadratic turns linear.

>>> nn.SmoothL1Loss()(torch.tensor([1., 2.]), torch.tensor([1., 4.]))""",
    "nn.HuberLoss": """The Huber loss (see ``F.huber_loss``).

Args:
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.
    delta (float): where quadratic turns linear.

>>> nn.HuberLoss(delta=1.)(torch.tensor([1., 2.]), torch.tensor([1., 4.]))""",
    "nn.BCELoss": """Binary cross entropy of probabilities (see ``F.binary_cross_entropy``).

Args:
    weight (Tensor, optional): a weight per element.
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.

>>> nn.BCELoss()(torch.tensor([0.8, 0.2]), torch.tensor([1., 0.]))""",
    "nn.BCEWithLogitsLoss": """Binary cross entropy of logits, computed stably (see ``F.binary_cross_entropy_with_logits``).

Args:
    weight (Tensor, optional): a weight per element.
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.
    pos_weight (Tensor, optional): a weight of positives per class.

>>> nn.BCEWithLogitsLoss()(torch.tensor([2., -1.]), torch.tensor([1., 0.]))""",
    "nn.CrossEntropyLoss": """Cross entropy of unnormalized class scores (N, C, ...) against class indices or probabilities (see ``F.cross_entropy``).

Args:
    weight (Tensor, optional): a weight per class.
    ignore_index (int): a target that adds nothing.
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.
    label_smoothing (float): mix the target with the uniform distribution.

>>> nn.CrossEntropyLoss()(torch.randn(4, 3), torch.tensor([0, 2, 1, 1]))""",
    "nn.NLLLoss": """Negative log likelihood of log-probabilities (N, C, ...) against class indices (see ``F.nll_loss``).

Args:
    weight (Tensor, optional): a weight per class.
    ignore_index (int): a target that adds nothing.
    reduction (str): ``"none"``, ``"mean"`` or ``"sum"``.

>>> nn.NLLLoss()(torch.log_softmax(torch.randn(4, 3), 1), torch.tensor([0, 2, 1, 1]))""",
    "nn.KLDivLoss": """Kullback-Leibler divergence of log-probabilities ``input`` from ``target`` (see ``F.kl_div``).

Args:
    reduction (str): ``"none"``, ``"mean"``, ``"batchmean"`` or ``"sum"``.
    log_target (bool): ``target`` is given as log-probabilities.

>>> nn.KLDivLoss(reduction='batchmean')(torch.log_softmax(torch.randn(2, 3), 1), torch.softmax(torch.randn(2, 3), 1))""",
    # -- functional ----------------------------------------------------------
    "nn.functional.relu": _f_act("relu", "``max(input, 0)``", _INPLACE),
    "nn.functional.relu6": _f_act("relu6", "``min(max(input, 0), 6)``", _INPLACE),
    "nn.functional.leaky_relu": _f_act("leaky_relu", "``input`` where positive, ``negative_slope * input`` elsewhere",
                                       "\n    negative_slope (float): the slope below 0." + _INPLACE),
    "nn.functional.elu": _f_act("elu", "``input`` where positive, ``alpha * (exp(input) - 1)`` elsewhere",
                                "\n    alpha (float): the scale of the negative part." + _INPLACE),
    "nn.functional.selu": _f_act("selu", "``scale * elu(input, alpha)`` with torch's fixed ``alpha`` and ``scale``",
                                 _INPLACE),
    "nn.functional.celu": _f_act("celu", "``max(0, input) + min(0, alpha * (exp(input / alpha) - 1))``",
                                 "\n    alpha (float): the scale of the negative part." + _INPLACE),
    "nn.functional.threshold": _f_act("threshold", "``input`` where above ``threshold``, ``value`` elsewhere",
                                      "\n    threshold (float): the bound.\n    value (float): the replacement."
                                      + _INPLACE, "torch.tensor([-1., 0., 2.]), 0.5, 0.0"),
    "nn.functional.gelu": _f_act("gelu", "The Gaussian error linear unit ``input * Phi(input)``",
                                 "\n    approximate (str): ``\"none\"`` (exact, erf) or ``\"tanh\"`` (the tanh approximation)."),
    "nn.functional.silu": _f_act("silu", "``input * sigmoid(input)`` (swish)", _INPLACE),
    "nn.functional.mish": _f_act("mish", "``input * tanh(softplus(input))``", _INPLACE),
    "nn.functional.logsigmoid": _f_act("logsigmoid", "``log(sigmoid(input))``, computed stably"),
    "nn.functional.tanhshrink": _f_act("tanhshrink", "``input - tanh(input)``"),
    "nn.functional.softsign": _f_act("softsign", "``input / (1 + |input|)``"),
    "nn.functional.softplus": _f_act("softplus", "``log(1 + exp(beta * input)) / beta`` (linear above ``threshold``)",
                                     "\n    beta (float): the sharpness.\n    threshold (float): where it becomes linear."),
    "nn.functional.hardtanh": _f_act("hardtanh", "``input`` clamped to ``[min_val, max_val]``",
                                     "\n    min_val, max_val (float): the bounds." + _INPLACE),
    "nn.functional.hardsigmoid": _f_act("hardsigmoid", "``relu6(input + 3) / 6``", _INPLACE),
    "nn.functional.hardswish": _f_act("hardswish", "``input * relu6(input + 3) / 6``", _INPLACE),
    "nn.functional.glu": """The gated linear unit: splits ``input`` in halves ``a, b`` along ``dim`` and
returns ``a * sigmoid(b)``.

Args:
    input (Tensor): the tensor (even size along ``dim``).
    dim (int): the dimension split.

>>> F.glu(torch.ones(2, 4)).shape""",
    "nn.functional.softmax": """Softmax along ``dim`` (see ``torch.softmax``).

Args:
    input (Tensor): the tensor.
    dim (int): the dimension whose slices sum to 1.
    dtype (dtype, optional): cast ``input`` first.

>>> F.softmax(torch.tensor([1., 2., 3.]), dim=0)""",
    "nn.functional.log_softmax": """``log(softmax(input, dim))``, computed stably (see ``torch.log_softmax``).

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    dtype (dtype, optional): cast ``input`` first.

>>> F.log_softmax(torch.tensor([1., 2., 3.]), dim=0)""",
    "nn.functional.dropout": """Zeroes each element with probability ``p`` and scales the others by
``1 / (1 - p)`` when ``training``; the identity otherwise.

Args:
    input (Tensor): the tensor.
    p (float): the probability of zeroing.
    training (bool): apply dropout (False: return ``input``).
    inplace (bool): write into ``input``.

>>> F.dropout(torch.ones(6), p=0.5)""",
    "nn.functional.bilinear": """``x1^T A x2 + b`` for each output feature: ``input1`` (*, in1), ``input2``
(*, in2), ``weight`` (out, in1, in2), ``bias`` (out,).

>>> F.bilinear(torch.ones(5, 2), torch.ones(5, 3), torch.ones(4, 2, 3)).shape""",
    "nn.functional.conv1d": """1-d convolution (cross-correlation) over an (N, C_in, L) input with an
(C_out, C_in / groups, k) weight.

Args:
    input (Tensor): (N, C_in, L) or (C_in, L).
    weight (Tensor): the filters.
    bias (Tensor, optional): (C_out,).
    stride, padding, dilation (int or tuple): as ``nn.Conv1d``; padding may be ``"same"``/``"valid"``.
    groups (int): split the channels into groups.

>>> F.conv1d(torch.ones(1, 2, 10), torch.ones(4, 2, 3)).shape""",
    "nn.functional.conv2d": """2-d convolution (cross-correlation) over an (N, C_in, H, W) input with an
(C_out, C_in / groups, kH, kW) weight.

Args:
    input (Tensor): (N, C_in, H, W) or (C_in, H, W).
    weight (Tensor): the filters.
    bias (Tensor, optional): (C_out,).
    stride, padding, dilation (int or tuple): as ``nn.Conv2d``; padding may be ``"same"``/``"valid"``.
    groups (int): split the channels into groups.

>>> F.conv2d(torch.ones(1, 3, 5, 5), torch.ones(8, 3, 3, 3), padding=1).shape""",
    "nn.functional.max_pool1d": """The maximum over sliding windows of the last dimension (see ``nn.MaxPool1d``);
with ``return_indices`` also where the maxima are.

>>> F.max_pool1d(torch.arange(8.).view(1, 1, 8), 2)""",
    "nn.functional.max_pool2d": """The maximum over sliding windows of the last two dimensions (see
``nn.MaxPool2d``); with ``return_indices`` also where the maxima are.

>>> F.max_pool2d(torch.ones(1, 1, 4, 4), 2).shape""",
    "nn.functional.avg_pool1d": """The mean over sliding windows of the last dimension.

Args:
    input (Tensor): (N, C, L) or (C, L).
    kernel_size, stride, padding: the windows (stride defaults to kernel_size).
    ceil_mode (bool): round the output size up.
    count_include_pad (bool): count padding zeros in the mean.

>>> F.avg_pool1d(torch.arange(8.).view(1, 1, 8), 2)""",
    "nn.functional.avg_pool2d": """The mean over sliding windows of the last two dimensions (see ``nn.AvgPool2d``).

>>> F.avg_pool2d(torch.ones(1, 1, 4, 4), 2).shape""",
    "nn.functional.adaptive_avg_pool2d": """Average pooling to the output size ``output_size`` (an int or (H, W)),
the windows chosen to cover the input.

>>> F.adaptive_avg_pool2d(torch.ones(1, 3, 5, 5), 1).shape""",
    "nn.functional.batch_norm": """Batch normalization: ``(input - mean) / sqrt(var + eps) * weight + bias``
over the batch (and spatial) dimensions per channel (dimension 1). With
``training``, uses the batch's statistics and updates ``running_mean`` /
``running_var`` by ``momentum``; else uses the running ones.

>>> F.batch_norm(torch.randn(4, 3), torch.zeros(3), torch.ones(3), training=True).shape""",
    "nn.functional.layer_norm": """Layer normalization over the last dimensions ``normalized_shape``:
``(input - mean) / sqrt(var + eps) * weight + bias``.

Args:
    input (Tensor): the tensor.
    normalized_shape (sequence of ints): the trailing shape normalized.
    weight, bias (Tensor, optional): the affine parameters of that shape.
    eps (float): added to the variance.

>>> F.layer_norm(torch.randn(2, 4), (4,)).shape""",
    "nn.functional.normalize": """``input`` divided by its ``p``-norm along ``dim`` (at least ``eps``).

>>> F.normalize(torch.tensor([[3., 4.]]), dim=1)""",
    "nn.functional.cosine_similarity": """The cosine of the angle between ``x1`` and ``x2`` along ``dim`` (they broadcast).

>>> F.cosine_similarity(torch.tensor([[1., 0.]]), torch.tensor([[1., 1.]]))""",
    "nn.functional.pairwise_distance": """The ``p``-norm distance ``||x1 - x2 + eps||`` along the last dimension.

>>> F.pairwise_distance(torch.tensor([[0., 0.]]), torch.tensor([[3., 4.]]))""",
    "nn.functional.embedding": """Looks up rows of ``weight`` (num_embeddings, dim) by the integer indices
``input``; the gradient is accumulated into the rows used (none for
``padding_idx``).

>>> F.embedding(torch.tensor([0, 2]), torch.eye(3))""",
    "nn.functional.one_hot": """An int64 tensor with a new last dimension of ``num_classes`` (default: max + 1)
that is 1 at each index of ``tensor`` and 0 elsewhere.

>>> F.one_hot(torch.tensor([0, 2]), 3)""",
    "nn.functional.pad": """Pads ``input``: ``pad`` lists (before, after) amounts from the last dimension
backwards; ``mode`` is ``"constant"`` (with ``value``), ``"reflect"``,
``"replicate"`` or ``"circular"``.

>>> F.pad(torch.ones(2, 2), (1, 1), value=0.).shape""",
    "nn.functional.mse_loss": _loss("mse_loss", "The mean squared error ``(input - target) ** 2``.",
                                    "torch.tensor([1., 2.]), torch.tensor([1., 4.])"),
    "nn.functional.l1_loss": _loss("l1_loss", "The mean absolute error ``|input - target|``.",
                                   "torch.tensor([1., 2.]), torch.tensor([1., 4.])"),
    "nn.functional.smooth_l1_loss": _loss(
        "smooth_l1_loss", "Smooth L1: ``0.5 * d ** 2 / beta`` where ``|d| < beta``, else ``|d| - 0.5 * beta``.",
        "torch.tensor([1., 2.]), torch.tensor([1., 4.])", "\n    beta (float): where it changes from quadratic to linear."),
    "nn.functional.huber_loss": _loss(
        "huber_loss", "Huber loss: ``0.5 * d ** 2`` where ``|d| < delta``, else ``delta * (|d| - 0.5 * delta)``.",
        "torch.tensor([1., 2.]), torch.tensor([1., 4.])", "\n    delta (float): where it changes from quadratic to linear."),
    "nn.functional.binary_cross_entropy": _loss(
        "binary_cross_entropy", "Binary cross entropy of probabilities ``input`` in [0, 1]: "
        "``-(t * log(p) + (1 - t) * log(1 - p))`` (logs clamped at -100).",
        "torch.tensor([0.8, 0.2]), torch.tensor([1., 0.])", "\n    weight (Tensor, optional): a rescaling weight per element."),
    "nn.functional.binary_cross_entropy_with_logits": _loss(
        "binary_cross_entropy_with_logits", "``binary_cross_entropy(sigmoid(input), target)`` computed stably from logits.",
        "torch.tensor([2., -1.]), torch.tensor([1., 0.])",
        "\n    weight (Tensor, optional): a rescaling weight per element.\n    pos_weight (Tensor, optional): a weight of the positive term per class."),
    "nn.functional.cross_entropy": _loss(
        "cross_entropy", "Cross entropy of unnormalized scores ``input`` (N, C, ...) against class indices "
        "(int64, (N, ...)) or class probabilities of ``input``'s shape: ``nll_loss(log_softmax(input, 1), target)``.",
        "torch.randn(4, 3), torch.tensor([0, 2, 1, 1])",
        "\n    weight (Tensor, optional): a weight per class.\n    ignore_index (int): a target index that adds nothing."
        "\n    label_smoothing (float): mix the target with the uniform distribution."),
    "nn.functional.nll_loss": _loss(
        "nll_loss", "Negative log likelihood: ``-input[n, target[n]]`` for log-probabilities ``input`` (N, C, ...).",
        "torch.log_softmax(torch.randn(4, 3), 1), torch.tensor([0, 2, 1, 1])",
        "\n    weight (Tensor, optional): a weight per class.\n    ignore_index (int): a target index that adds nothing."),
    "nn.functional.kl_div": _loss(
        "kl_div", "Kullback-Leibler divergence ``target * (log(target) - input)`` for log-probabilities ``input`` "
        "(``reduction=\"batchmean\"`` gives the mathematical KL divergence).",
        "torch.log_softmax(torch.randn(2, 3), 1), torch.softmax(torch.randn(2, 3), 1), reduction='batchmean'",
        "\n    log_target (bool): ``target`` is given as log-probabilities."),
    "nn.functional.poisson_nll_loss": _loss(
        "poisson_nll_loss", "Poisson negative log likelihood: ``exp(input) - target * input`` "
        "(``log_input``), else ``input - target * log(input + eps)``.",
        "torch.tensor([0.5, 1.]), torch.tensor([1., 2.])",
        "\n    log_input (bool): ``input`` is the log of the rate.\n    full (bool): add the Stirling term."),
    # -- init ----------------------------------------------------------------
    "nn.init.calculate_gain": """The recommended gain for a nonlinearity (``"relu"``: sqrt(2), ``"tanh"``: 5/3,
``"leaky_relu"`` with slope ``param``, ``"linear"``/``"sigmoid"``: 1 ...).

>>> nn.init.calculate_gain("relu")""",
    "nn.init.uniform_": _init("uniform_", "Fills ``tensor`` with values drawn uniformly from ``[a, b)``.",
                              extra="\n    a, b (float): the bounds." + _GEN),
    "nn.init.normal_": _init("normal_", "Fills ``tensor`` with values drawn from N(mean, std**2).",
                             extra="\n    mean, std (float): the distribution." + _GEN),
    "nn.init.trunc_normal_": ">>> nn.init.trunc_normal_(torch.empty(3, 5), std=0.02)",
    "nn.init.constant_": _init("constant_", "Fills ``tensor`` with ``val``.", "torch.empty(3, 5), 0.1"),
    "nn.init.ones_": _init("ones_", "Fills ``tensor`` with ones."),
    "nn.init.zeros_": _init("zeros_", "Fills ``tensor`` with zeros."),
    "nn.init.eye_": _init("eye_", "Fills the 2-d ``tensor`` with the identity matrix."),
    "nn.init.dirac_": _init("dirac_", "Fills the 3-5-d ``tensor`` with the Dirac delta: a convolution with it "
                            "keeps the input channels (per group).", "torch.empty(2, 2, 3)",
                            "\n    groups (int): the number of groups."),
    "nn.init.xavier_uniform_": _init("xavier_uniform_", "Xavier/Glorot uniform: U(-b, b) with "
                                     "``b = gain * sqrt(6 / (fan_in + fan_out))``.",
                                     extra="\n    gain (float): the scale." + _GEN),
    "nn.init.xavier_normal_": _init("xavier_normal_", "Xavier/Glorot normal: N(0, std**2) with "
                                    "``std = gain * sqrt(2 / (fan_in + fan_out))``.",
                                    extra="\n    gain (float): the scale." + _GEN),
    "nn.init.kaiming_uniform_": _init("kaiming_uniform_", "Kaiming/He uniform: U(-b, b) with "
                                      "``b = gain * sqrt(3 / fan)``.",
                                      extra="\n    a (float): the negative slope of leaky_relu."
                                      "\n    mode (str): ``\"fan_in\"`` or ``\"fan_out\"``."
                                      "\n    nonlinearity (str): for ``calculate_gain``." + _GEN),
    "nn.init.kaiming_normal_": _init("kaiming_normal_", "Kaiming/He normal: N(0, std**2) with "
                                     "``std = gain / sqrt(fan)``.",
                                     extra="\n    a (float): the negative slope of leaky_relu."
                                     "\n    mode (str): ``\"fan_in\"`` or ``\"fan_out\"``."
                                     "\n    nonlinearity (str): for ``calculate_gain``." + _GEN),
    "nn.init.orthogonal_": _init("orthogonal_", "Fills ``tensor`` (at least 2-d, flattened to rows x "
                                 "columns) with a (semi-)orthogonal matrix times ``gain``.",
                                 extra="\n    gain (float): the scale." + _GEN),
    "nn.init.sparse_": _init("sparse_", "Fills the 2-d ``tensor`` with N(0, std**2) values, a "
                             "``sparsity`` fraction of each column set to zero.", "torch.empty(4, 3), 0.5",
                             "\n    sparsity (float): the fraction zeroed per column.\n    std (float): the scale." + _GEN),
    # -- utils ---------------------------------------------------------------
    "nn.utils.clip_grad_norm_": ">>> m = nn.Linear(2, 1); m(torch.ones(1, 2)).sum().backward(); nn.utils.clip_grad_norm_(m.parameters(), 1.0)",
    "nn.utils.clip_grad_value_": """Clamps every gradient of ``parameters`` to ``[-clip_value, clip_value]``, in place.

>>> m = nn.Linear(2, 1); m(torch.ones(1, 2)).sum().backward(); nn.utils.clip_grad_value_(m.parameters(), 0.5)""",
    "nn.utils.get_total_norm": """The ``norm_type``-norm of the norms of ``tensors`` (as if concatenated), a 0-d tensor.

>>> nn.utils.get_total_norm([torch.tensor([3.]), torch.tensor([4.])])""",
    "nn.utils.clip_grads_with_norm_": """Scales the gradients of ``parameters`` by ``max_norm / (total_norm + 1e-6)``
when that is below 1 (the second half of ``clip_grad_norm_``).

>>> m = nn.Linear(2, 1); m(torch.ones(1, 2)).sum().backward(); nn.utils.clip_grads_with_norm_(m.parameters(), 1.0, torch.tensor(4.))""",
    "nn.utils.parameters_to_vector": """The parameters flattened and concatenated into one 1-d tensor.

>>> nn.utils.parameters_to_vector(nn.Linear(2, 1).parameters()).shape""",
    "nn.utils.vector_to_parameters": """Copies consecutive slices of the 1-d ``vec`` into ``parameters`` (the inverse
of ``parameters_to_vector``).

>>> m = nn.Linear(2, 1); nn.utils.vector_to_parameters(torch.zeros(3), m.parameters())""",
}
