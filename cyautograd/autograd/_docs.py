"""Docstrings (mostly examples appended to the source's docstrings) of
cyautograd.autograd, autograd.graph/functional/profiler, cyautograd.func,
cyautograd.utils.{data,hooks,checkpoint} and the grad-mode classes, attached
by cyautograd/_docs.py (NOTE [ Where docstrings live ])."""

_X = "x = torch.tensor([1., 2.], requires_grad=True)"
_CTX = """Returns a new instance with the same settings (used when the object
decorates a function: every call gets its own context manager).

>>> {0}.clone()"""

DOCS = {
    # -- autograd ------------------------------------------------------------
    "autograd.backward": f"""Computes the gradients of ``tensors`` with respect to the graph's leaves and
accumulates them into their ``.grad`` (what ``tensor.backward()`` calls).

Args:
    tensors (Tensor or sequence of Tensors): the roots.
    grad_tensors (sequence of Tensors or None, optional): the gradient of each
        root (None for a one-element root: 1).
    retain_graph (bool, optional): keep the saved tensors for another backward
        (default: ``create_graph``).
    create_graph (bool): record the backward, for higher-order gradients.
    inputs (Tensor or sequence of Tensors, optional): accumulate only into these.

>>> {_X}; torch.autograd.backward([(x * x).sum()]); x.grad""",
    "autograd.grad": f"""Computes and returns the gradients of ``outputs`` with respect to ``inputs``
(a tuple, one per input) without touching any ``.grad``.

Args:
    outputs (Tensor or sequence of Tensors): the roots.
    inputs (Tensor, GradientEdge or sequence of them): what to differentiate by.
    grad_outputs (sequence of Tensors or None, optional): the gradient of each
        output (None for a one-element output: 1).
    retain_graph (bool, optional): keep the saved tensors (default: ``create_graph``).
    create_graph (bool): record the backward, so the result can be differentiated.
    allow_unused (bool, optional): return None for an input the outputs do not
        depend on instead of raising.
    is_grads_batched (bool): the first dimension of ``grad_outputs`` is a batch.
    materialize_grads (bool): zeros instead of None for unused inputs.

>>> {_X}; torch.autograd.grad((x ** 3).sum(), x)""",
    "autograd.Function": """>>> class Exp(torch.autograd.Function):
...     @staticmethod
...     def forward(ctx, x):
...         y = x.exp(); ctx.save_for_backward(y); return y
...     @staticmethod
...     def backward(ctx, g):
...         y, = ctx.saved_tensors; return g * y
>>> Exp.apply(torch.ones(2, requires_grad=True)).sum().backward()""",
    "autograd.Function.forward": """The forward computation of a custom Function, a staticmethod defined by the
subclass: ``forward(ctx, *args)`` (or ``forward(*args)`` with
``setup_context``). Save what backward needs with ``ctx.save_for_backward``.

>>> torch.autograd.Function.forward is not None""",
    "autograd.Function.backward": """The gradient formula of a custom Function, a staticmethod defined by the
subclass: ``backward(ctx, *grad_outputs)`` returns one gradient (or None) per
input of ``forward``.

>>> torch.autograd.Function.backward is not None""",
    "autograd.Function.vjp": """Alias of ``backward``.

>>> torch.autograd.Function.vjp is not None""",
    "autograd.Function.jvp": """The forward-mode gradient formula of a custom Function, a staticmethod
defined by the subclass: ``jvp(ctx, *grad_inputs)`` gets one tangent per
input of ``forward`` and returns the tangent of each output (used under
``torch.autograd.forward_ad``). The base raises NotImplementedError.

>>> class Double(torch.autograd.Function):
...     @staticmethod
...     def forward(ctx, x): return x * 2
...     @staticmethod
...     def jvp(ctx, t): return t * 2
>>> import cyautograd.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     y = Double.apply(fwAD.make_dual(torch.ones(2), torch.ones(2)))
...     t = fwAD.unpack_dual(y).tangent""",
    # forward AD (torch.autograd.forward_ad): examples for the module's own docstrings
    "autograd.forward_ad.dual_level": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     y = fwAD.make_dual(torch.tensor([1., 2.]), torch.ones(2)).sin()
...     t = fwAD.unpack_dual(y).tangent""",
    "autograd.forward_ad.enter_dual_level": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> level = fwAD.enter_dual_level(); fwAD.exit_dual_level(level=level)""",
    "autograd.forward_ad.exit_dual_level": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> level = fwAD.enter_dual_level(); fwAD.exit_dual_level(level=level)""",
    "autograd.forward_ad.make_dual": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     x = fwAD.make_dual(torch.tensor([1., 2.]), torch.tensor([1., 0.]))
...     t = fwAD.unpack_dual(x * x).tangent""",
    "autograd.forward_ad.unpack_dual": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     primal, tangent = fwAD.unpack_dual(fwAD.make_dual(torch.ones(2), torch.ones(2)) * 3)""",
    "autograd.forward_ad.UnpackedDualTensor": """>>> import cyautograd.autograd.forward_ad as fwAD
>>> fwAD.UnpackedDualTensor(torch.ones(2), None).tangent is None""",
    "autograd.Function.setup_context": """Optional staticmethod ``setup_context(ctx, inputs, output)``: when defined,
``forward`` takes no ``ctx`` and this fills ``ctx`` from its inputs and output.

>>> torch.autograd.Function.setup_context is not None""",
    "autograd.Function.vmap": """torch.func's vmap rule of a custom Function, a staticmethod
``vmap(info, in_dims, *args) -> (outputs, out_dims)`` a subclass may define (or it sets
``generate_vmap_rule = True``); the default raises NotImplementedError as torch's. cyautograd's
vmap calls the Function once per slice, so it does not consult either.

>>> torch.autograd.Function.generate_vmap_rule
False""",
    "autograd.Function.apply": """Runs the Function: calls ``forward`` and, when an input requires grad,
records a node whose backward is the class's ``backward``. Call it as
``MyFunction.apply(*args)``, never ``forward`` directly.

>>> class Double(torch.autograd.Function):
...     @staticmethod
...     def forward(ctx, x): return x * 2
...     @staticmethod
...     def backward(ctx, g): return g * 2
>>> Double.apply(torch.ones(2, requires_grad=True))""",
    "autograd.Variable": ">>> torch.autograd.Variable(torch.ones(2), requires_grad=True)",
    "autograd.anomaly_mode.detect_anomaly": f">>> with torch.autograd.detect_anomaly():\n...     {_X}; (x * 2).sum().backward()",
    "autograd.anomaly_mode.set_detect_anomaly": ">>> with torch.autograd.set_detect_anomaly(True): pass",
    "autograd.gradcheck": ">>> torch.autograd.gradcheck(torch.sin, (torch.rand(3, dtype=torch.float64, requires_grad=True),))",
    "autograd.gradgradcheck": ">>> torch.autograd.gradgradcheck(torch.sin, (torch.rand(3, dtype=torch.float64, requires_grad=True),))",
    "autograd.set_multithreading_enabled": ">>> with torch.autograd.set_multithreading_enabled(False): pass",
    "autograd.set_multithreading_enabled.clone": _CTX.format("torch.autograd.set_multithreading_enabled(True)"),
    "autograd.functional.jacobian": ">>> torch.autograd.functional.jacobian(lambda x: x ** 2, torch.tensor([1., 2.]))",
    "autograd.functional.hessian": ">>> torch.autograd.functional.hessian(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]))",
    "autograd.functional.vjp": ">>> torch.autograd.functional.vjp(lambda x: x ** 2, torch.tensor([1., 2.]), torch.ones(2))",
    "autograd.functional.jvp": ">>> torch.autograd.functional.jvp(lambda x: x ** 2, torch.tensor([1., 2.]), torch.ones(2))",
    "autograd.functional.vhp": ">>> torch.autograd.functional.vhp(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]), torch.ones(2))",
    "autograd.functional.hvp": ">>> torch.autograd.functional.hvp(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]), torch.ones(2))",
    "autograd.graph.Node": ">>> isinstance((torch.ones(1, requires_grad=True) * 2).grad_fn, torch.autograd.graph.Node)",
    "autograd.graph.Node.name": ">>> (torch.ones(1, requires_grad=True) * 2).grad_fn.name()",
    "autograd.graph.Node.next_functions": ">>> (torch.ones(1, requires_grad=True) * 2).grad_fn.next_functions",
    "autograd.graph.Node.metadata": ">>> (torch.ones(1, requires_grad=True) * 2).grad_fn.metadata",
    "autograd.graph.Node.register_hook": ">>> y = torch.ones(1, requires_grad=True) * 2; h = y.grad_fn.register_hook(lambda gi, go: None); h.remove()",
    "autograd.graph.Node.register_prehook": ">>> y = torch.ones(1, requires_grad=True) * 2; h = y.grad_fn.register_prehook(lambda go: None); h.remove()",
    "autograd.graph.GradientEdge": f">>> {_X}; torch.autograd.graph.get_gradient_edge(x * 2)",
    "autograd.graph.get_gradient_edge": f">>> {_X}; torch.autograd.graph.get_gradient_edge(x * 2).node.name()",
    "autograd.graph.increment_version": ">>> x = torch.zeros(2); torch.autograd.graph.increment_version(x); x._version",
    "autograd.graph.register_multi_grad_hook": ">>> a = torch.ones(2, requires_grad=True); b = torch.ones(2, requires_grad=True); h = torch.autograd.graph.register_multi_grad_hook((a, b), lambda grads: None); (a * b).sum().backward(); h.remove()",
    "autograd.graph.saved_tensors_hooks": f">>> {_X}\n>>> with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t): y = x * x",
    "autograd.graph.save_on_cpu": f">>> {_X}\n>>> with torch.autograd.graph.save_on_cpu(): y = x * x",
    "autograd.graph.disable_saved_tensors_hooks": ">>> with torch.autograd.graph.disable_saved_tensors_hooks('not now'): pass",
    "autograd.graph.allow_mutation_on_saved_tensors": f">>> with torch.autograd.graph.allow_mutation_on_saved_tensors():\n...     {_X}; y = x * x",
    "autograd.profiler.profile": f">>> with torch.autograd.profiler.profile() as prof:\n...     {_X}; (x * 2).sum().backward()",
    "autograd.profiler.profile.events": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> prof.events()",
    "autograd.profiler.profile.key_averages": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> prof.key_averages()",
    "autograd.profiler.profile.table": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> print(prof.table())",
    "autograd.profiler.profile.self_cpu_time_total": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> prof.self_cpu_time_total",
    "autograd.profiler.record_function": ">>> with torch.autograd.profiler.profile() as prof:\n...     with torch.autograd.profiler.record_function('my_block'): y = torch.ones(2) * 2",
    "autograd.profiler.EventList": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> type(prof.events())",
    "autograd.profiler.EventList.key_averages": """Events grouped by name, one ``FunctionEventAvg`` each (count and total times).

>>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2
>>> prof.events().key_averages()""",
    "autograd.profiler.EventList.table": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> print(prof.events().table())",
    "autograd.profiler.EventList.self_cpu_time_total": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> prof.events().self_cpu_time_total",
    "autograd.profiler.FunctionEvent": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> [e.name for e in prof.events()]",
    "autograd.profiler.FunctionEvent.cpu_time_total": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> [e.cpu_time_total for e in prof.events()]",
    "autograd.profiler.FunctionEvent.self_cpu_time_total": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> [e.self_cpu_time_total for e in prof.events()]",
    "autograd.profiler.FunctionEventAvg": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> [a.count for a in prof.key_averages()]",
    "autograd.profiler.FunctionEventAvg.add": """Adds the counts and times of event ``ev`` (a FunctionEvent or another average) to this one.

>>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2
>>> a = prof.key_averages(); a[0].add(a[0]) if len(a) else None""",
    "autograd.profiler.FunctionEventAvg.cpu_time": ">>> with torch.autograd.profiler.profile() as prof: y = torch.ones(2) * 2\n>>> [a.cpu_time for a in prof.key_averages()]",
    # -- grad modes (cython classes: the class docstrings are in grad_mode.pyx) --
    "grad_mode._DecoratorContextManager.clone": _CTX.format("torch.no_grad()"),
    "set_grad_enabled.clone": _CTX.format("torch.set_grad_enabled(True)"),
    "inference_mode.clone": _CTX.format("torch.inference_mode()"),
    # -- dtype ---------------------------------------------------------------
    "dtype.is_floating_point": """Whether this is a floating point dtype.

>>> torch.float16.is_floating_point""",
    "dtype.is_complex": """Whether this is a complex dtype (never: there are none).

>>> torch.float32.is_complex""",
    "dtype.to_real": """The real dtype of the same size (itself for a real dtype).

>>> torch.float32.to_real()""",
    # -- func ----------------------------------------------------------------
    "func.grad": ">>> torch.func.grad(lambda x: (x ** 2).sum())(torch.tensor([1., 2.]))",
    "func.grad_and_value": ">>> torch.func.grad_and_value(lambda x: (x ** 2).sum())(torch.tensor([1., 2.]))",
    "func.vjp": ">>> out, vjp_fn = torch.func.vjp(torch.sin, torch.tensor([0., 1.])); vjp_fn(torch.ones(2))",
    "func.jvp": ">>> torch.func.jvp(torch.sin, (torch.tensor([0., 1.]),), (torch.ones(2),))",
    "func.jacrev": ">>> torch.func.jacrev(torch.sin)(torch.tensor([0., 1.]))",
    "func.jacfwd": ">>> torch.func.jacfwd(torch.sin)(torch.tensor([0., 1.]))",
    "func.hessian": ">>> torch.func.hessian(lambda x: (x ** 3).sum())(torch.tensor([1., 2.]))",
    "func.vmap": ">>> torch.func.vmap(torch.dot)(torch.ones(3, 2), torch.ones(3, 2))",
    "func.linearize": ">>> out, jvp_fn = torch.func.linearize(torch.sin, torch.tensor([0., 1.])); jvp_fn(torch.ones(2))",
    "func.functional_call": ">>> m = torch.nn.Linear(2, 1); torch.func.functional_call(m, {'weight': torch.ones(1, 2), 'bias': torch.zeros(1)}, (torch.ones(1, 2),))",
    "func.stack_module_state": ">>> params, buffers = torch.func.stack_module_state([torch.nn.Linear(2, 1) for _ in range(3)]); params['weight'].shape",
    # -- utils ---------------------------------------------------------------
    "utils.hooks.RemovableHandle": ">>> h = torch.ones(1, requires_grad=True).register_hook(lambda g: g); h.remove()",
    "utils.hooks.RemovableHandle.remove": """Unregisters the hook (a second call does nothing).

>>> h = torch.ones(1, requires_grad=True).register_hook(lambda g: g); h.remove()""",
    "utils.data.Dataset": """>>> class Squares(torch.utils.data.Dataset):
...     def __len__(self): return 4
...     def __getitem__(self, i): return torch.tensor(i * i)
>>> list(torch.utils.data.DataLoader(Squares(), batch_size=2))""",
    "utils.data.IterableDataset": """>>> class Stream(torch.utils.data.IterableDataset):
...     def __iter__(self): return iter(range(3))
>>> list(torch.utils.data.DataLoader(Stream(), batch_size=2))""",
    "utils.data.TensorDataset": """A dataset of tensors with the same first dimension: item i is the tuple of
their i-th slices.

Args:
    *tensors (Tensor): the tensors.

>>> torch.utils.data.TensorDataset(torch.arange(4), torch.ones(4))[1]""",
    "utils.data.ConcatDataset": """The concatenation of several datasets: indices run through the first, then
the second, ...

Args:
    datasets (iterable of Datasets): the parts.

>>> len(torch.utils.data.ConcatDataset([torch.utils.data.TensorDataset(torch.arange(2)), torch.utils.data.TensorDataset(torch.arange(3))]))""",
    "utils.data.ConcatDataset.cumsum": """The running totals of the lengths of ``sequence``'s datasets (a staticmethod).

>>> torch.utils.data.ConcatDataset.cumsum([[0, 1], [2]])""",
    "utils.data.Subset": """The items of ``dataset`` at ``indices``, in that order.

Args:
    dataset (Dataset): the whole dataset.
    indices (sequence of ints): the chosen indices.

>>> torch.utils.data.Subset(torch.utils.data.TensorDataset(torch.arange(5)), [0, 4])[1]""",
    "utils.data.DataLoader": ">>> for (batch,) in torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.arange(5.)), batch_size=2, shuffle=True): print(batch)",
    "utils.data.default_collate": ">>> torch.utils.data.default_collate([torch.tensor([1, 2]), torch.tensor([3, 4])])",
    "utils.data.default_convert": """Converts numpy arrays (and those inside lists, tuples and dicts) in
``data`` to tensors, leaving the rest as is: what a DataLoader does to
samples when automatic batching is off (``batch_size=None``).

>>> import numpy; torch.utils.data.default_convert([numpy.zeros(2), 'a'])""",
    "utils.data.random_split": """Splits ``dataset`` into non-overlapping random ``Subset``s of the given
``lengths`` (ints, or fractions summing to 1).

Args:
    dataset (Dataset): the dataset.
    lengths (sequence): the sizes of the parts.
    generator (Generator, optional): the source of randomness.

>>> [len(s) for s in torch.utils.data.random_split(range(10), [0.7, 0.3])]""",
    "utils.data.Sampler": """Base class of samplers: iterables over dataset indices (or batches of them)
that a DataLoader draws from; subclasses define ``__iter__`` (and ``__len__``).

>>> list(torch.utils.data.SequentialSampler(range(3)))""",
    "utils.data.SequentialSampler": """Yields ``0 .. len(data_source) - 1`` in order.

Args:
    data_source (Sized): the dataset.

>>> list(torch.utils.data.SequentialSampler(range(3)))""",
    "utils.data.RandomSampler": """Yields dataset indices in random order: a permutation, or with
``replacement`` ``num_samples`` independent draws.

Args:
    data_source (Sized): the dataset.
    replacement (bool): draw with replacement.
    num_samples (int, optional): how many indices (default: the dataset's length).
    generator (Generator, optional): the source of randomness.

>>> sorted(torch.utils.data.RandomSampler(range(4)))""",
    "utils.data.RandomSampler.num_samples": """How many indices an iteration yields.

>>> torch.utils.data.RandomSampler(range(4)).num_samples""",
    "utils.data.SubsetRandomSampler": """Yields the given ``indices`` in random order.

Args:
    indices (sequence of ints): the indices.
    generator (Generator, optional): the source of randomness.

>>> sorted(torch.utils.data.SubsetRandomSampler([1, 5, 7]))""",
    "utils.data.BatchSampler": """Groups the indices of ``sampler`` into lists of ``batch_size`` (the last one
shorter unless ``drop_last``).

Args:
    sampler (Sampler or iterable): the indices.
    batch_size (int): the batch size.
    drop_last (bool): drop a last, short batch.

>>> list(torch.utils.data.BatchSampler(range(5), batch_size=2, drop_last=False))""",
    # utils.checkpoint is imported on demand: its module attaches these
    # (attach("utils.checkpoint.") at its end)
    "utils.checkpoint.checkpoint": ">>> from cyautograd.utils.checkpoint import checkpoint; x = torch.ones(2, requires_grad=True); checkpoint(torch.sin, x, use_reentrant=False).sum().backward()",
    "utils.checkpoint.checkpoint_sequential": ">>> from cyautograd.utils.checkpoint import checkpoint_sequential; m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU()); checkpoint_sequential(m, 2, torch.ones(1, 2, requires_grad=True), use_reentrant=False)",
    "utils.checkpoint.noop_context_fn": ">>> from cyautograd.utils.checkpoint import noop_context_fn; noop_context_fn()",
    "utils.checkpoint.CheckpointError": ">>> from cyautograd.utils.checkpoint import CheckpointError; issubclass(CheckpointError, RuntimeError)",
    "utils.checkpoint.detach_variable": ">>> from cyautograd.utils.checkpoint import detach_variable; detach_variable((torch.ones(1, requires_grad=True),))",
    "utils.checkpoint.check_backward_validity": ">>> from cyautograd.utils.checkpoint import check_backward_validity; check_backward_validity((torch.ones(1, requires_grad=True),))",
    "utils.checkpoint.get_device_states": ">>> from cyautograd.utils.checkpoint import get_device_states; get_device_states(torch.ones(1))",
    "utils.checkpoint.set_device_states": ">>> from cyautograd.utils.checkpoint import set_device_states; set_device_states([], [])",
    "utils.checkpoint.set_checkpoint_early_stop": ">>> from cyautograd.utils.checkpoint import set_checkpoint_early_stop\n>>> with set_checkpoint_early_stop(False): pass",
    "utils.checkpoint.set_checkpoint_debug_enabled": ">>> from cyautograd.utils.checkpoint import set_checkpoint_debug_enabled\n>>> with set_checkpoint_debug_enabled(True): pass",
    "utils.checkpoint.CheckpointFunction": ">>> from cyautograd.utils.checkpoint import CheckpointFunction; x = torch.ones(2, requires_grad=True); CheckpointFunction.apply(torch.sin, True, x).sum().backward()",
    "utils.checkpoint.DefaultDeviceType": ">>> from cyautograd.utils.checkpoint import DefaultDeviceType; DefaultDeviceType.get_device_type()",
    "utils.checkpoint.DefaultDeviceType.get_device_type": ">>> from cyautograd.utils.checkpoint import DefaultDeviceType; DefaultDeviceType.get_device_type()",
    "utils.checkpoint.DefaultDeviceType.set_device_type": ">>> from cyautograd.utils.checkpoint import DefaultDeviceType; DefaultDeviceType.set_device_type('cuda')",
    "utils.checkpoint.GraphExecGroup": ">>> from cyautograd.utils.checkpoint import GraphExecGroup, checkpoint; x = torch.ones(2, requires_grad=True); y = checkpoint(torch.sin, x, use_reentrant=False).sum()\n>>> with GraphExecGroup(): torch.autograd.grad(y, x)",
}
