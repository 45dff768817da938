"""Docstrings of the ``cyautograd`` namespace (torch.*): ops, which are also
Tensor methods (``torch.add(x, y)`` is ``x.add(y)``), factories and global
state. Attached by cyautograd/_docs.py (NOTE [ Where docstrings live ])."""

_AS_METHOD = "Also a Tensor method: ``x.{m}({a})``."


def _unary(name, what, example="torch.tensor([0.5, 2.0])", floating=True, inplace=False):
    out = ("The result is floating point: integer inputs give the default float dtype."
           if floating else "The result keeps ``input``'s dtype.")
    ip = f" ``x.{name}_()`` is the in-place form." if inplace else ""
    return f"""{what}, elementwise: a new tensor of ``input``'s shape. {out}

Args:
    input (Tensor): the tensor.

Also a Tensor method: ``x.{name}()``.{ip}

>>> torch.{name}({example})"""


def _binary(name, what, example="torch.tensor([1., 2.]), torch.tensor([3., 4.])", result=""):
    return f"""{what}, elementwise, broadcasting ``input`` and ``other`` to a common
shape and promoting to a common dtype as torch does (a Python number counts
as a scalar of lower priority).{(' ' + result) if result else ''}

Args:
    input (Tensor): the first operand.
    other (Tensor or Number): the second operand.

Also a Tensor method: ``x.{name}(other)``.

>>> torch.{name}({example})"""


def _compare(name, op):
    return _binary(name, f"Compares ``input {op} other``",
                   "torch.tensor([1, 2, 3]), 2", "The result is a bool tensor.")


def _inplace(name, base, example):
    return f"""In-place ``{base}``: writes the result into ``self`` (its dtype must be able
to hold it) and returns ``self``; its version counter is bumped, so autograd
detects a use of the old value.

>>> {example}"""


def _reduction(name, what, example="torch.tensor([[1., 2.], [3., 4.]]), dim=0", dtype=True):
    dt = "\n    dtype (dtype, optional): cast ``input`` to this dtype first." if dtype else ""
    return f"""{what} of all elements (a 0-d tensor), or along ``dim``.

Args:
    input (Tensor): the tensor.
    dim (int or tuple of ints, optional): the dimension(s) to reduce; all when omitted.
    keepdim (bool): keep the reduced dimensions with size 1.{dt}

Also a Tensor method: ``x.{name}(dim)``.

>>> torch.{name}({example})"""


def _factory(name, what, example):
    return f"""{what}

Args:
    *size (ints or a sequence of ints): the shape.
    dtype (dtype, optional): the element type (default: ``torch.get_default_dtype()``).
    device (device or str, optional): where the tensor lives (default: CPU).
    requires_grad (bool): whether autograd records ops on the result.

>>> torch.{name}({example})"""


def _like(name, what, example):
    return f"""{what} with the shape of ``input`` (and its dtype and device unless given).

Args:
    input (Tensor): the tensor whose shape is copied.
    dtype, device, requires_grad: as for the factories (``torch.zeros``).

>>> torch.{name}({example})"""


def _new(name, what, example):
    return f"""A new tensor {what}, with this tensor's dtype and device unless given
(a Tensor method: ``x.{name}(...)``).

Args:
    dtype, device, requires_grad: as for the factories (``torch.zeros``).

>>> torch.ones(2, dtype=torch.float64).{name}({example})"""


DOCS = {
    # -- pointwise, unary ----------------------------------------------------
    "abs": _unary("abs", "The absolute value", "torch.tensor([-1, 2])", floating=False, inplace=True),
    "abs_": _inplace("abs_", "abs", "torch.tensor([-1., 2.]).abs_()"),
    "ceil": _unary("ceil", "Rounds up to the next integer", "torch.tensor([0.5, -1.5])", floating=False),
    "floor": _unary("floor", "Rounds down to the previous integer", "torch.tensor([0.5, -1.5])",
                    floating=False),
    "trunc": _unary("trunc", "Rounds towards zero", "torch.tensor([0.5, -1.5])", floating=False),
    "round": """Rounds to the nearest integer, halves to even (or to ``decimals`` decimal
places), elementwise; keeps ``input``'s dtype.

Args:
    input (Tensor): the tensor.
    decimals (int, keyword): the number of decimal places (negative: tens, hundreds, ...).

Also a Tensor method: ``x.round()``.

>>> torch.round(torch.tensor([0.5, 1.5, 2.567]), decimals=1)""",
    "sign": _unary("sign", "The sign (-1, 0 or 1)", "torch.tensor([-2., 0., 3.])", floating=False),
    "neg": _unary("neg", "Negates (``-input``)", "torch.tensor([1, -2])", floating=False, inplace=True),
    "negative": _unary("negative", "Alias of ``neg``: ``-input``", "torch.tensor([1, -2])",
                       floating=False),
    "neg_": _inplace("neg_", "neg", "torch.tensor([1., -2.]).neg_()"),
    "square": _unary("square", "Squares (``input * input``)", "torch.tensor([2, -3])", floating=False),
    "cos": _unary("cos", "The cosine (radians)"),
    "sin": _unary("sin", "The sine (radians)"),
    "tan": _unary("tan", "The tangent (radians)"),
    "tanh": _unary("tanh", "The hyperbolic tangent", inplace=True),
    "tanh_": _inplace("tanh_", "tanh", "torch.tensor([0.5, 2.0]).tanh_()"),
    "exp": _unary("exp", "The exponential ``e ** input``", inplace=True),
    "exp_": _inplace("exp_", "exp", "torch.tensor([0.5, 2.0]).exp_()"),
    "log": _unary("log", "The natural logarithm (nan below 0, -inf at 0)", inplace=True),
    "log_": _inplace("log_", "log", "torch.tensor([0.5, 2.0]).log_()"),
    "log2": _unary("log2", "The base-2 logarithm"),
    "log10": _unary("log10", "The base-10 logarithm"),
    "log1p": _unary("log1p", "``log(1 + input)``, accurate for small inputs"),
    "sqrt": _unary("sqrt", "The square root (nan below 0)", inplace=True),
    "sqrt_": _inplace("sqrt_", "sqrt", "torch.tensor([4., 9.]).sqrt_()"),
    "rsqrt": _unary("rsqrt", "The reciprocal of the square root, ``1 / sqrt(input)``"),
    "reciprocal": _unary("reciprocal", "The reciprocal ``1 / input``"),
    "sigmoid": _unary("sigmoid", "The logistic sigmoid ``1 / (1 + exp(-input))``", inplace=True),
    "sigmoid_": _inplace("sigmoid_", "sigmoid", "torch.tensor([0.5, 2.0]).sigmoid_()"),
    "relu": _unary("relu", "The rectified linear unit ``max(input, 0)``", "torch.tensor([-1., 2.])",
                   floating=False, inplace=True),
    "relu_": _inplace("relu_", "relu", "torch.tensor([-1., 2.]).relu_()"),
    "isnan": _unary("isnan", "Tests for NaN", "torch.tensor([1., float('nan')])", floating=False)
    .replace("The result keeps ``input``'s dtype.", "The result is a bool tensor."),
    "isinf": _unary("isinf", "Tests for +-infinity", "torch.tensor([1., float('inf')])", floating=False)
    .replace("The result keeps ``input``'s dtype.", "The result is a bool tensor."),
    "isfinite": _unary("isfinite", "Tests for a finite value (not inf, not nan)",
                       "torch.tensor([1., float('inf')])", floating=False)
    .replace("The result keeps ``input``'s dtype.", "The result is a bool tensor."),
    "logical_not": _unary("logical_not", "Logical NOT (zero is False)", "torch.tensor([0, 3])",
                          floating=False)
    .replace("The result keeps ``input``'s dtype.", "The result is a bool tensor."),
    "bitwise_not": _unary("bitwise_not", "Bitwise NOT of an integer or bool tensor",
                          "torch.tensor([0, 5])", floating=False),
    # -- pointwise, binary ---------------------------------------------------
    "add": """Adds ``other`` (times ``alpha``) to ``input``, elementwise, broadcasting to a
common shape and promoting to a common dtype as torch does. ``x + y`` calls it.

Args:
    input (Tensor): the tensor.
    other (Tensor or Number): what is added.
    alpha (Number, keyword): the multiplier of ``other``.

Also a Tensor method: ``x.add(other)``; ``x.add_(other)`` adds in place.

>>> torch.add(torch.tensor([1., 2.]), torch.tensor([3., 4.]), alpha=2)""",
    "add_": _inplace("add_", "add", "torch.ones(2).add_(torch.tensor([1., 2.]), alpha=2)"),
    "sub": """Subtracts ``other`` (times ``alpha``) from ``input``, elementwise, broadcasting
and promoting as ``add``. ``x - y`` calls it; bool tensors are refused as in torch.

Args:
    input (Tensor): the tensor.
    other (Tensor or Number): what is subtracted.
    alpha (Number, keyword): the multiplier of ``other``.

Also a Tensor method: ``x.sub(other)``; ``x.sub_(other)`` subtracts in place.

>>> torch.sub(torch.tensor([5., 5.]), torch.tensor([1., 2.]), alpha=2)""",
    "subtract": """Alias of ``sub``: ``input - alpha * other``.

>>> torch.subtract(torch.tensor([5., 5.]), 1)""",
    "sub_": _inplace("sub_", "sub", "torch.ones(2).sub_(1)"),
    "rsub": """``other - alpha * input`` (subtraction with the operands reversed), as
``number - tensor`` computes.

Args:
    input (Tensor): the tensor subtracted.
    other (Tensor or Number): the tensor or number subtracted from.
    alpha (Number, keyword): the multiplier of ``input``.

>>> torch.rsub(torch.tensor([1., 2.]), 10)""",
    "mul": _binary("mul", "Multiplies ``input`` by ``other`` (``x * y`` calls it)"),
    "multiply": """Alias of ``mul``: ``input * other``.

>>> torch.multiply(torch.tensor([1., 2.]), 3)""",
    "mul_": _inplace("mul_", "mul", "torch.ones(2).mul_(3)"),
    "div": """Divides ``input`` by ``other``, elementwise, broadcasting and promoting (integer
inputs give a float result unless ``rounding_mode`` is given). ``x / y`` calls it.

Args:
    input (Tensor): the dividend.
    other (Tensor or Number): the divisor.
    rounding_mode (str, optional): None for true division, ``"trunc"`` to round
        towards zero, ``"floor"`` to round down.

Also a Tensor method: ``x.div(other)``; ``x.div_(other)`` divides in place.

>>> torch.div(torch.tensor([7, -7]), 2, rounding_mode="floor")""",
    "divide": """Alias of ``div``: ``input / other`` (with ``rounding_mode``).

>>> torch.divide(torch.tensor([1., 2.]), 4)""",
    "true_divide": """Alias of ``div`` without ``rounding_mode``: ``input / other``, a float result.

>>> torch.true_divide(torch.tensor([1, 2]), 4)""",
    "div_": _inplace("div_", "div", "torch.ones(2).div_(4)"),
    "floor_divide": """Divides and rounds down (``input // other``), elementwise, broadcasting and
promoting; as ``div(..., rounding_mode="floor")``.

Args:
    a (Tensor or Number): the dividend.
    b (Tensor or Number): the divisor.

>>> torch.floor_divide(torch.tensor([7, -7]), 2)""",
    "remainder": """The remainder of ``a / b`` with the sign of the divisor (Python's ``%``),
elementwise, broadcasting and promoting.

Args:
    a (Tensor or Number): the dividend.
    b (Tensor or Number): the divisor.

>>> torch.remainder(torch.tensor([5, -5]), 3)""",
    "pow": """Raises ``input`` to ``exponent``, elementwise (``x ** y`` calls it); either may
be a Python number, and they broadcast and promote as ``add``.

Args:
    input (Tensor or Number): the base.
    exponent (Tensor or Number): the exponent.

Also a Tensor method: ``x.pow(2)``; ``x.pow_(2)`` works in place.

>>> torch.pow(torch.tensor([1., 2., 3.]), 2)""",
    "pow_": _inplace("pow_", "pow", "torch.tensor([2., 3.]).pow_(2)"),
    "maximum": _binary("maximum", "The larger of ``input`` and ``other`` (nan if either is nan)"),
    "minimum": _binary("minimum", "The smaller of ``input`` and ``other`` (nan if either is nan)"),
    "eq": _compare("eq", "=="),
    "ne": _compare("ne", "!="),
    "lt": _compare("lt", "<"),
    "le": _compare("le", "<="),
    "gt": _compare("gt", ">"),
    "ge": _compare("ge", ">="),
    "logical_and": _binary("logical_and", "Logical AND (zero is False)", "torch.tensor([0, 1, 2]), 1",
                           "The result is a bool tensor."),
    "logical_or": _binary("logical_or", "Logical OR (zero is False)", "torch.tensor([0, 1, 2]), 0",
                          "The result is a bool tensor."),
    "logical_xor": _binary("logical_xor", "Logical XOR (zero is False)",
                           "torch.tensor([0, 1, 2]), 1", "The result is a bool tensor."),
    "bitwise_and": _binary("bitwise_and", "Bitwise AND of integer or bool tensors (``&``)",
                           "torch.tensor([6, 3]), 5"),
    "bitwise_or": _binary("bitwise_or", "Bitwise OR of integer or bool tensors (``|``)",
                          "torch.tensor([6, 3]), 5"),
    "bitwise_xor": _binary("bitwise_xor", "Bitwise XOR of integer or bool tensors (``^``)",
                           "torch.tensor([6, 3]), 5"),
    "bitwise_left_shift": _binary("bitwise_left_shift", "Shifts the bits of ``input`` left by "
                                  "``other`` (``<<``)", "torch.tensor([1, 3]), 2"),
    "bitwise_right_shift": _binary("bitwise_right_shift", "Shifts the bits of ``input`` right by "
                                   "``other`` (``>>``)", "torch.tensor([8, 3]), 1"),
    "clamp": """Limits every element to ``[min, max]`` (either bound may be None, a number
or a tensor that broadcasts); the gradient is zero where a bound applies.

Args:
    input (Tensor): the tensor.
    min, max (Number or Tensor, optional): the bounds; at least one is needed.

Also a Tensor method: ``x.clamp(0, 1)``; ``x.clamp_(0, 1)`` works in place.

>>> torch.clamp(torch.tensor([-2., 0.5, 3.]), min=0, max=1)""",
    "clip": """Alias of ``clamp``: limits every element to ``[min, max]``.

>>> torch.clip(torch.tensor([-2., 0.5, 3.]), 0, 1)""",
    "clamp_": _inplace("clamp_", "clamp", "torch.tensor([-2., 3.]).clamp_(0, 1)"),
    "clamp_min": """``clamp(input, min=min)``: every element at least ``min``.

>>> torch.clamp_min(torch.tensor([-2., 3.]), 0)""",
    "clamp_max": """``clamp(input, max=max)``: every element at most ``max``.

>>> torch.clamp_max(torch.tensor([-2., 3.]), 0)""",
    "where": """Picks ``input`` where ``condition`` is True and ``other`` elsewhere,
elementwise, broadcasting all three (``input``/``other`` may be numbers).
With only ``condition``, the same as ``nonzero(condition, as_tuple=True)``.

Args:
    condition (Tensor): a bool tensor.
    input, other (Tensor or Number): the values to pick from.

>>> torch.where(torch.tensor([True, False]), torch.tensor([1., 2.]), 0.)""",
    "isclose": """Whether ``input`` and ``other`` are close, elementwise:
``|input - other| <= atol + rtol * |other|`` (nan equal to nan only with
``equal_nan``). Returns a bool tensor.

Args:
    input, other (Tensor): the tensors compared (they broadcast).
    rtol, atol (float): the relative and absolute tolerances.
    equal_nan (bool): count two nans as close.

>>> torch.isclose(torch.tensor([1., 2.]), torch.tensor([1., 2.1]))""",
    "allclose": """``isclose(...).all()`` as a Python bool: whether every element of ``input``
is close to ``other``.

Args:
    input, other (Tensor): the tensors compared (they broadcast).
    rtol, atol (float): the relative and absolute tolerances.
    equal_nan (bool): count two nans as close.

>>> torch.allclose(torch.tensor([1., 2.]), torch.tensor([1., 2.000001]))""",
    "equal": """True (a Python bool) if ``input`` and ``other`` have the same shape and elements.

>>> torch.equal(torch.tensor([1, 2]), torch.tensor([1, 2]))""",
    "fill_": _inplace("fill_", "fill", "torch.zeros(3).fill_(7)")
    .replace("In-place ``fill``: writes the result into ``self``",
             "Fills ``self`` with ``value`` (a number or a 0-d tensor)"),
    "zero_": _inplace("zero_", "zero", "torch.ones(3).zero_()")
    .replace("In-place ``zero``: writes the result into ``self`` (its dtype must be able\nto hold it)",
             "Fills ``self`` with zeros"),
    "copy_": """Copies the elements of ``src`` into ``self`` (broadcasting ``src`` and
converting its dtype), in place; returns ``self``. Gradients flow to ``src``.

Args:
    src (Tensor): the source.
    non_blocking (bool): accepted for torch's signature.

>>> torch.zeros(2, 2).copy_(torch.tensor([1., 2.]))""",
    "masked_fill": """A copy of ``input`` with ``value`` written where ``mask`` (a bool tensor that
broadcasts to ``input``) is True.

Args:
    input (Tensor): the tensor.
    mask (Tensor): bool mask.
    value (Number or 0-d Tensor): the value written.

Also a Tensor method: ``x.masked_fill(mask, v)``; ``x.masked_fill_(mask, v)`` works in place.

>>> torch.masked_fill(torch.zeros(3), torch.tensor([True, False, True]), 5.)""",
    "masked_fill_": _inplace("masked_fill_", "masked_fill",
                             "torch.zeros(3).masked_fill_(torch.tensor([True, False, True]), 5.)"),
    # -- reductions ----------------------------------------------------------
    "sum": _reduction("sum", "The sum"),
    "mean": _reduction("mean", "The arithmetic mean (floating point inputs only)"),
    "prod": _reduction("prod", "The product", "torch.tensor([[1., 2.], [3., 4.]]), 1")
    .replace("int or tuple of ints, optional): the dimension(s)", "int, optional): the dimension"),
    "amax": _reduction("amax", "The maximum (gradient shared evenly among ties)", dtype=False),
    "amin": _reduction("amin", "The minimum (gradient shared evenly among ties)", dtype=False),
    "all": _reduction("all", "Whether every element is true (non-zero), a bool tensor,",
                      "torch.tensor([[True, False], [True, True]]), dim=1", dtype=False),
    "any": _reduction("any", "Whether any element is true (non-zero), a bool tensor,",
                      "torch.tensor([[True, False], [False, False]]), dim=1", dtype=False),
    "logsumexp": _reduction("logsumexp", "``log(sum(exp(input)))``, computed stably,",
                            "torch.tensor([[1., 2.], [3., 4.]]), 1", dtype=False),
    "std": """The standard deviation over all elements, or along ``dim``, with Bessel's
correction by default (``correction=1``; ``unbiased=False`` or ``correction=0``
for the population value).

Args:
    input (Tensor): the tensor (floating point).
    dim (int or tuple of ints, optional): the dimension(s) to reduce.
    unbiased (bool, optional): legacy form of ``correction`` (True: 1, False: 0).
    keepdim (bool): keep the reduced dimensions with size 1.
    correction (int, keyword): subtracted from the count in the divisor.

>>> torch.std(torch.tensor([[1., 2.], [3., 5.]]), dim=1)""",
    "var": """The variance over all elements, or along ``dim``, with Bessel's correction by
default (``correction=1``).

Args:
    input (Tensor): the tensor (floating point).
    dim (int or tuple of ints, optional): the dimension(s) to reduce.
    unbiased (bool, optional): legacy form of ``correction`` (True: 1, False: 0).
    keepdim (bool): keep the reduced dimensions with size 1.
    correction (int, keyword): subtracted from the count in the divisor.

>>> torch.var(torch.tensor([1., 2., 4.]), correction=0)""",
    "max": """With only ``input``: the largest element (a 0-d tensor). With ``dim``: a
named tuple ``(values, indices)`` of the maxima along ``dim`` and where they
are. With a tensor as second argument: ``maximum(input, other)``.

Args:
    input (Tensor): the tensor.
    dim (int or Tensor, optional): the dimension to reduce (or the other tensor).
    keepdim (bool): keep the reduced dimension with size 1.

>>> torch.max(torch.tensor([[1., 5.], [4., 2.]]), dim=1)""",
    "min": """With only ``input``: the smallest element (a 0-d tensor). With ``dim``: a
named tuple ``(values, indices)`` of the minima along ``dim`` and where they
are. With a tensor as second argument: ``minimum(input, other)``.

Args:
    input (Tensor): the tensor.
    dim (int or Tensor, optional): the dimension to reduce (or the other tensor).
    keepdim (bool): keep the reduced dimension with size 1.

>>> torch.min(torch.tensor([[1., 5.], [4., 2.]]), dim=1)""",
    "argmax": """The index of the largest element of the flattened tensor, or along ``dim``
(an int64 tensor; the first index among ties).

Args:
    input (Tensor): the tensor.
    dim (int, optional): the dimension to reduce.
    keepdim (bool): keep the reduced dimension with size 1.

>>> torch.argmax(torch.tensor([[1., 5.], [4., 2.]]), dim=1)""",
    "argmin": """The index of the smallest element of the flattened tensor, or along ``dim``
(an int64 tensor; the first index among ties).

Args:
    input (Tensor): the tensor.
    dim (int, optional): the dimension to reduce.
    keepdim (bool): keep the reduced dimension with size 1.

>>> torch.argmin(torch.tensor([[1., 5.], [4., 2.]]), dim=1)""",
    "cumsum": """The cumulative sum along ``dim``: element i is the sum of elements 0..i.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    dtype (dtype, keyword, optional): cast ``input`` to this dtype first.

>>> torch.cumsum(torch.tensor([1, 2, 3]), dim=0)""",
    "norm": """The vector p-norm of all elements, or along ``dim`` (``"fro"``, the default,
is the 2-norm; ``inf``/``-inf`` the max/min of absolute values).

Args:
    input (Tensor): the tensor (floating point).
    p (float or str): the order of the norm.
    dim (int or tuple of ints, optional): the dimension(s) to reduce.
    keepdim (bool): keep the reduced dimensions with size 1.
    dtype (dtype, optional): cast ``input`` to this dtype first.

>>> torch.norm(torch.tensor([3., 4.]))""",
    "softmax": """Softmax along ``dim``: ``exp(x) / exp(x).sum(dim)``, computed stably; every
slice along ``dim`` sums to 1.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    dtype (dtype, optional): cast ``input`` to this dtype first.

>>> torch.softmax(torch.tensor([1., 2., 3.]), dim=0)""",
    "log_softmax": """``log(softmax(input, dim))``, computed stably.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    dtype (dtype, optional): cast ``input`` to this dtype first.

>>> torch.log_softmax(torch.tensor([1., 2., 3.]), dim=0)""",
    # -- linear algebra ------------------------------------------------------
    "matmul": """Matrix product with torch's rules by dimension: vector . vector (``dot``),
matrix @ vector (``mv``), matrix @ matrix (``mm``), and batched products
whose batch dimensions broadcast. ``x @ y`` calls it.

Args:
    input (Tensor): the first operand (at least 1-d).
    other (Tensor): the second operand (at least 1-d).

>>> torch.matmul(torch.ones(2, 3), torch.ones(3))""",
    "mm": """The matrix product of two 2-d tensors, (n, m) @ (m, p) -> (n, p).

Args:
    input (Tensor): an (n, m) matrix.
    mat2 (Tensor): an (m, p) matrix.

>>> torch.mm(torch.ones(2, 3), torch.ones(3, 4)).shape""",
    "bmm": """Batched matrix product of 3-d tensors, (b, n, m) @ (b, m, p) -> (b, n, p)
(no broadcasting: use ``matmul`` for that).

Args:
    input (Tensor): (b, n, m).
    mat2 (Tensor): (b, m, p).

>>> torch.bmm(torch.ones(5, 2, 3), torch.ones(5, 3, 4)).shape""",
    "mv": """The product of a matrix (n, m) and a vector (m,) -> (n,).

Args:
    input (Tensor): the matrix.
    vec (Tensor): the vector.

>>> torch.mv(torch.ones(2, 3), torch.tensor([1., 2., 3.]))""",
    "dot": """The dot product of two 1-d tensors of the same length and dtype (a 0-d tensor).

Args:
    input (Tensor): a vector.
    other (Tensor): a vector.

>>> torch.dot(torch.tensor([1., 2.]), torch.tensor([3., 4.]))""",
    "linear": """``input @ weight.T + bias``: the affine map of ``nn.Linear``.

Args:
    input (Tensor): (*, in_features).
    weight (Tensor): (out_features, in_features).
    bias (Tensor, optional): (out_features,).

>>> torch.linear(torch.ones(2, 3), torch.ones(4, 3), torch.zeros(4)).shape""",
    # -- shape and indexing --------------------------------------------------
    "view": """A view of ``input`` with another shape (``-1`` infers one size), sharing
its data; raises when the strides cannot express it (``reshape`` copies then).

>>> torch.view(torch.arange(6), 2, 3)""",
    "view_as": """``input.view(other.shape)``: a view with ``other``'s shape.

>>> torch.arange(6).view_as(torch.zeros(2, 3))""",
    "reshape": """``input`` with another shape (``-1`` infers one size): a view when the
strides allow, else a copy. Prefer it to ``view`` unless aliasing matters.

Args:
    input (Tensor): the tensor.
    *shape (ints or a sequence of ints): the new shape.

Also a Tensor method: ``x.reshape(2, 3)``.

>>> torch.reshape(torch.arange(6), (3, 2))""",
    "reshape_as": """``input.reshape(other.shape)``.

>>> torch.arange(6).reshape_as(torch.zeros(3, 2))""",
    "flatten": """Flattens dimensions ``start_dim`` .. ``end_dim`` into one (a view when possible).

Args:
    input (Tensor): the tensor.
    start_dim, end_dim (int): the first and last dimension flattened.

>>> torch.flatten(torch.zeros(2, 3, 4), start_dim=1).shape""",
    "unflatten": """Splits dimension ``dim`` into the sizes ``sizes`` (one may be -1): the
inverse of ``flatten``.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension split.
    sizes (sequence of ints): the new sizes; their product is ``input.size(dim)``.

>>> torch.unflatten(torch.zeros(2, 12), 1, (3, 4)).shape""",
    "squeeze": """A view without dimensions of size 1 (all of them, or only ``dim``: an int or
a tuple; a listed dimension whose size is not 1 is kept).

>>> torch.squeeze(torch.zeros(2, 1, 3)).shape""",
    "unsqueeze": """A view with a new dimension of size 1 inserted at ``dim``.

Args:
    input (Tensor): the tensor.
    dim (int): where the new dimension goes (negative counts from the end).

>>> torch.unsqueeze(torch.zeros(3), 0).shape""",
    "permute": """A view with the dimensions reordered: dimension i of the result is
dimension ``dims[i]`` of ``input``.

>>> torch.permute(torch.zeros(2, 3, 4), (2, 0, 1)).shape""",
    "swapaxes": """A view with dimensions ``dim0`` and ``dim1`` swapped (the same function as
``transpose``; a Tensor method: ``x.transpose(0, 1)``).

>>> torch.swapaxes(torch.zeros(2, 3), 0, 1).shape""",
    "t": """The transpose of a tensor of at most 2 dimensions, as a view.

>>> torch.t(torch.zeros(2, 3)).shape""",
    "moveaxis": """A view with dimension(s) ``source`` moved to position(s) ``destination``,
the others keeping their order (also called ``movedim``).

>>> torch.moveaxis(torch.zeros(2, 3, 4), 0, -1).shape""",
    "expand": """A view that repeats size-1 dimensions to ``sizes`` (``-1`` keeps a size; new
leading dimensions may be added) without copying: the repeated elements
share memory, so write to a ``clone()`` of it.

>>> torch.zeros(3, 1).expand(3, 4).shape""",
    "expand_as": """``input.expand(other.size())``.

>>> torch.zeros(3, 1).expand_as(torch.zeros(3, 4)).shape""",
    "narrow": """A view of ``length`` elements of dimension ``dim`` from ``start`` (a slice).

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    start (int): the first index (negative counts from the end).
    length (int): how many elements.

>>> torch.narrow(torch.arange(6), 0, 2, 3)""",
    "select": """A view of index ``index`` of dimension ``dim``, which is removed: ``x[:, i]``
is ``x.select(1, i)``.

Args:
    t (Tensor): the tensor.
    dim (int): the dimension.
    index (int): the index (negative counts from the end).

>>> torch.select(torch.arange(6).view(2, 3), 1, 0)""",
    "diagonal": """A view of the diagonal of dimensions ``dim1`` and ``dim2`` (shifted by
``offset``: above the main diagonal when positive), appended as the last dimension.

>>> torch.diagonal(torch.arange(9).view(3, 3), offset=1)""",
    "unfold": """A view of all windows of ``size`` elements of dimension ``dimension``, every
``step`` elements; the windows are a new last dimension.

Args:
    input (Tensor): the tensor.
    dimension (int): the dimension windowed.
    size (int): the window length.
    step (int): the distance between window starts.

>>> torch.arange(6).unfold(0, 2, 2)""",
    "as_strided": """A view of ``input``'s storage with the given sizes and strides (in elements),
starting ``storage_offset`` elements into the storage (default: ``input``'s).
Raises when the view would reach outside the storage.

Args:
    input (Tensor): the tensor whose storage is viewed.
    size (sequence of ints): the shape.
    stride (sequence of ints): the strides.
    storage_offset (int, optional): the first element.

>>> torch.as_strided(torch.arange(6), (2, 2), (1, 2))""",
    "contiguous": """``input`` itself when it is contiguous (row-major), else a contiguous copy.

>>> torch.zeros(2, 3).t().contiguous().is_contiguous()""",
    "clone": """A copy of ``input`` with its own storage; gradients flow back to ``input``.

Args:
    input (Tensor): the tensor.
    memory_format (keyword): accepted for torch's signature.

>>> torch.clone(torch.tensor([1., 2.]))""",
    "cat": """Concatenates tensors along an existing dimension ``dim``; they must have the
same shape except in ``dim`` (1-d empty tensors are skipped, as in torch).

Args:
    tensors (sequence of Tensors): the tensors.
    dim (int): the dimension.

>>> torch.cat([torch.zeros(2, 3), torch.ones(1, 3)], dim=0).shape""",
    "concat": """Alias of ``cat``.

>>> torch.concat([torch.zeros(2), torch.ones(3)])""",
    "stack": """Stacks tensors of the same shape along a new dimension ``dim``.

Args:
    tensors (sequence of Tensors): the tensors.
    dim (int): where the new dimension goes.

>>> torch.stack([torch.zeros(3), torch.ones(3)], dim=1).shape""",
    "split": """Splits ``input`` into views along ``dim``: chunks of ``split_size_or_sections``
elements (the last may be smaller), or of the sizes listed. Returns a tuple.

Args:
    input (Tensor): the tensor.
    split_size_or_sections (int or list of ints): the chunk size or the sizes.
    dim (int): the dimension.

>>> torch.split(torch.arange(5), 2)""",
    "chunk": """Splits ``input`` into ``chunks`` views of (nearly) equal size along ``dim``
(possibly fewer when the size does not divide). Returns a tuple.

>>> torch.chunk(torch.arange(6), 3)""",
    "unbind": """Removes dimension ``dim``, returning a tuple of all its slices (views).

>>> torch.unbind(torch.arange(6).view(2, 3), dim=1)""",
    "gather": """Picks values along ``dim`` by ``index``: ``out[i][j] = input[index[i][j]][j]``
for ``dim=0`` (and so on); ``index`` is an int64 tensor of ``input``'s
number of dimensions.

Args:
    input (Tensor): the source.
    dim (int): the dimension indexed.
    index (Tensor): int64 indices; the result has its shape.

>>> torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[1], [0]]))""",
    "scatter": """torch.scatter's entry point, not implemented yet: it raises
NotImplementedError. ``index_put`` (or ``x[index] = src``) writes values at
indices meanwhile.

>>> torch.zeros(3).index_put((torch.tensor([2, 0]),), torch.tensor([5., 6.]))""",
    "index_select": """The slices of ``input`` at positions ``index`` (a 1-d int tensor) along ``dim``,
copied.

>>> torch.index_select(torch.arange(6).view(2, 3), 1, torch.tensor([2, 0]))""",
    "index_put": """A copy of ``input`` with ``values`` written at the positions a tuple of index
tensors ``indices`` selects, as ``x[indices] = values`` (summed into the
existing values when ``accumulate``).

Args:
    input (Tensor): the tensor.
    indices (tuple of Tensors): one int64 or bool tensor per indexed dimension.
    values (Tensor): the values (they broadcast).
    accumulate (bool): add instead of writing.

>>> torch.index_put(torch.zeros(3), (torch.tensor([0, 2]),), torch.tensor(1.))""",
    "index_put_": """In-place ``index_put``: writes ``values`` at ``indices`` into ``input``; returns it.

>>> torch.zeros(3).index_put_((torch.tensor([0, 0]),), torch.tensor(1.), accumulate=True)""",
    "nonzero": """The indices of the non-zero elements: an (n, ndim) int64 tensor, or with
``as_tuple=True`` a tuple of one 1-d tensor per dimension (usable as an index).

>>> torch.nonzero(torch.tensor([[0, 1], [2, 0]]))""",
    "getitem": """``input[index]``: basic indexing (ints, slices, None, Ellipsis) gives a view;
advanced indexing (int or bool tensors, lists) a copy, as torch.

>>> torch.arange(6).view(2, 3)[:, 1]""",
    "numpy_T": """Internal: the reversed-dimensions view behind ``Tensor.T``.

>>> torch.zeros(2, 3).T.shape""",
    "type_as": """``input`` converted to ``other``'s dtype (``input.to(other.dtype)``).

>>> torch.tensor([1, 2]).type_as(torch.zeros(1))""",
    "to": """``input`` converted to another dtype and/or device: ``x.to(torch.float64)``,
``x.to("cpu")``, ``x.to(other)`` (its dtype and device), or keywords
``dtype=``/``device=``. Returns ``input`` itself when nothing changes (unless
``copy=True``); a conversion is differentiable.

>>> torch.tensor([1, 2]).to(torch.float32)""",
    "cpu": """``input`` on the CPU: itself when it is already there, else a copy.

>>> torch.ones(2).cpu()""",
    "Tensor.bool": """``input.to(torch.bool)`` (a Tensor method: ``x.bool()``).

>>> torch.tensor([0, 2]).bool()""",
    "Tensor.float": """``input.to(torch.float32)`` (a Tensor method: ``x.float()``).

>>> torch.tensor([1, 2]).float()""",
    "Tensor.double": """``input.to(torch.float64)`` (a Tensor method: ``x.double()``).

>>> torch.tensor([1, 2]).double()""",
    "Tensor.half": """``input.to(torch.float16)`` (a Tensor method: ``x.half()``).

>>> torch.tensor([1, 2]).half()""",
    "Tensor.int": """``input.to(torch.int32)`` (a Tensor method: ``x.int()``).

>>> torch.tensor([1.5, 2.5]).int()""",
    "Tensor.long": """``input.to(torch.int64)`` (a Tensor method: ``x.long()``).

>>> torch.tensor([1.5, 2.5]).long()""",
    # -- autograd on tensors -------------------------------------------------
    "backward": """``input.backward(...)``: the gradient of ``input`` with respect to the
leaves, accumulated into their ``.grad`` (see ``Tensor.backward``).

>>> x = torch.ones(2, requires_grad=True); torch.backward((x * 2).sum()); x.grad""",
    "detach": """A new tensor sharing ``input``'s data, cut from the graph (see ``Tensor.detach``).

>>> torch.detach(torch.ones(2, requires_grad=True)).requires_grad""",
    "detach_": """Detaches ``input`` from the graph in place (see ``Tensor.detach_``).

>>> torch.detach_(torch.ones(2, requires_grad=True) * 2).is_leaf""",
    "register_hook": """Registers ``hook(grad)`` on ``input``, run when its gradient is computed; a
returned tensor replaces the gradient. Returns a removable handle (see
``Tensor.register_hook``).

>>> x = torch.ones(2, requires_grad=True); h = torch.register_hook(x, lambda g: g * 0); h.remove()""",
    "register_post_accumulate_grad_hook": """Registers ``hook(tensor)`` on the leaf ``input``, run after its ``.grad`` was
accumulated (see ``Tensor.register_post_accumulate_grad_hook``).

>>> x = torch.ones(2, requires_grad=True); h = torch.register_post_accumulate_grad_hook(x, print); h.remove()""",
    "retain_grad": """Makes ``backward()`` fill ``.grad`` of the non-leaf ``input`` (see
``Tensor.retain_grad``).

>>> y = torch.ones(2, requires_grad=True) * 2; torch.retain_grad(y); y.retains_grad""",
    "set_data": """``input.data = new_data``: replaces the data under ``input`` keeping its
autograd identity (its grad, hooks, ``requires_grad``).

>>> x = torch.zeros(2); torch.set_data(x, torch.ones(3)); x""",
    "variable_data": """Internal (being hidden): what ``Tensor.data`` returns.

>>> torch.ones(2, requires_grad=True).data""",
    # -- creation ------------------------------------------------------------
    "tensor": """A new tensor holding a copy of ``data``: a number, a (nested) list or tuple
of numbers, a numpy array or a tensor. The dtype is inferred (bool, int64,
or the default float dtype) unless given.

Args:
    data: the values.
    dtype (dtype, optional): the element type.
    device (device or str, optional): where the tensor lives.
    requires_grad (bool): whether autograd records ops on it.

>>> torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)""",
    "as_tensor": """``data`` as a tensor, sharing memory with it when it already is one (or a
numpy array) of the requested dtype and device, else a copy.

Args:
    data: a tensor, numpy array, number or (nested) sequence.
    dtype, device: the wanted dtype and device (default: keep / infer).

>>> torch.as_tensor([1, 2, 3])""",
    "from_numpy": """A tensor sharing memory with the numpy array ``ndarray`` (writes to one are
seen by the other). Its dtype must be one torch supports.

>>> import numpy; torch.from_numpy(numpy.arange(3))""",
    "zeros": _factory("zeros", "A tensor filled with 0 of the given shape.", "2, 3"),
    "ones": _factory("ones", "A tensor filled with 1 of the given shape.", "2, 3"),
    "empty": _factory("empty", "An uninitialized tensor of the given shape (its values are "
                      "whatever memory held).", "2, 3"),
    "rand": _factory("rand", "A tensor of the given shape filled with uniform random numbers in "
                     "[0, 1) from the global generator (``torch.manual_seed``).", "2, 3"),
    "randn": _factory("randn", "A tensor of the given shape filled with standard normal random "
                      "numbers from the global generator (``torch.manual_seed``).", "2, 3"),
    "full": """A tensor of shape ``size`` filled with ``fill_value`` (its dtype is inferred
from the value unless given).

Args:
    size (sequence of ints): the shape.
    fill_value (Number): the value.
    dtype, device, requires_grad: as for ``torch.zeros``.

>>> torch.full((2, 3), 7.)""",
    "zeros_like": _like("zeros_like", "A tensor of zeros", "torch.ones(2, 3)"),
    "ones_like": _like("ones_like", "A tensor of ones", "torch.zeros(2, 3)"),
    "empty_like": _like("empty_like", "An uninitialized tensor", "torch.zeros(2, 3)"),
    "rand_like": _like("rand_like", "A tensor of uniform [0, 1) random numbers", "torch.zeros(2, 3)"),
    "randn_like": _like("randn_like", "A tensor of standard normal random numbers",
                        "torch.zeros(2, 3)"),
    "full_like": _like("full_like", "A tensor filled with ``fill_value``", "torch.zeros(2, 3), 7."),
    "new_zeros": _new("new_zeros", "of zeros of shape ``size``", "2, 3"),
    "new_ones": _new("new_ones", "of ones of shape ``size``", "2, 3"),
    "new_empty": _new("new_empty", "uninitialized, of shape ``size``", "2, 3"),
    "new_full": _new("new_full", "of shape ``size`` filled with ``fill_value``", "(2, 3), 7."),
    "new_tensor": _new("new_tensor", "holding a copy of ``data``", "[1, 2]"),
    "arange": """A 1-d tensor of the values ``start, start + step, ...`` below ``end``
(``arange(n)`` is 0 .. n-1). The dtype is int64 when all arguments are
ints, else the default float dtype.

Args:
    start (Number): the first value (default 0 when only one argument is given).
    end (Number): the bound, excluded.
    step (Number): the increment.
    dtype, device, requires_grad: as for ``torch.zeros``.

>>> torch.arange(1, 10, 3)""",
    "linspace": """A 1-d tensor of ``steps`` evenly spaced values from ``start`` to ``end``
(both included).

Args:
    start, end (Number): the first and last value.
    steps (int): how many values.
    dtype, device, requires_grad: as for ``torch.zeros``.

>>> torch.linspace(0, 1, 5)""",
    "eye": """A 2-d tensor with ones on the diagonal and zeros elsewhere, of ``n`` rows and
``m`` columns (default ``n``).

>>> torch.eye(2, 3)""",
    "randint": """A tensor of shape ``size`` filled with random integers in ``[low, high)``
(int64 by default), from the global generator.

Args:
    low (int): the lowest value (default 0; ``randint(high, size)`` also works).
    high (int): the bound, excluded.
    size (tuple of ints): the shape.

>>> torch.randint(0, 10, (2, 3))""",
    "randperm": """A random permutation of ``0 .. n-1`` (int64), from the global generator.

>>> torch.randperm(5)""",
    "manual_seed": ">>> torch.manual_seed(0); torch.rand(2)",
    "initial_seed": """torch's initial seed of the global generator; always 0 here (``manual_seed``
reseeds the generator without recording the seed).

>>> torch.initial_seed()""",
    # -- dtypes and global state ----------------------------------------------
    "get_default_dtype": """The floating point dtype that factories and Python floats use
(``torch.float32`` unless changed with ``set_default_dtype``).

>>> torch.get_default_dtype()""",
    "set_default_dtype": """Sets the default floating point dtype (``torch.float32`` or ``torch.float64``
...) used by factories and for Python floats in ``torch.tensor``.

>>> torch.set_default_dtype(torch.float32)""",
    "promote_types": ">>> torch.promote_types(torch.int32, torch.float32)",
    "result_type": """The dtype that an op on ``tensor1`` and ``tensor2`` (tensors or numbers)
would compute in, by torch's promotion rules.

>>> torch.result_type(torch.tensor([1, 2]), 1.0)""",
    "is_tensor": """True if ``obj`` is a Tensor (a subclass counts too).

>>> torch.is_tensor(torch.zeros(1))""",
    "is_floating_point": """Whether ``input``'s dtype is a floating point type.

>>> torch.is_floating_point(torch.tensor([1.]))""",
    "is_inference": ">>> torch.is_inference(torch.zeros(1))",
    "is_grad_enabled": ">>> torch.is_grad_enabled()",
    "is_inference_mode_enabled": ">>> torch.is_inference_mode_enabled()",
    "is_anomaly_enabled": """Whether anomaly detection (``torch.autograd.detect_anomaly``) is on.

>>> torch.is_anomaly_enabled()""",
    "is_anomaly_check_nan_enabled": """Whether anomaly detection also checks backward results for NaN.

>>> torch.is_anomaly_check_nan_enabled()""",
    "set_warn_always": ">>> torch.set_warn_always(False)",
    "is_warn_always_enabled": ">>> torch.is_warn_always_enabled()",
    "get_include": ">>> folders = torch.get_include()",
    "setitem": """``input[index] = value``, in place (the function behind ``Tensor.__setitem__``).

>>> x = torch.zeros(3); x[1] = 5.; x""",
    "array_module": """Internal (being hidden): numpy, or cupy for a device array.

>>> torch.array_module(torch.zeros(1).numpy())""",
    "device_of": """Internal (being hidden): the device an array lives on.

>>> torch.device_of(torch.zeros(1).numpy())""",
    # -- classes -------------------------------------------------------------
    "Size": """The shape of a tensor: a tuple of ints (``x.shape``, ``x.size()``).

>>> torch.Size([2, 3])""",
    "Size.numel": """The number of elements a tensor of this shape has (the product of the sizes).

>>> torch.Size([2, 3]).numel()""",
    "dtype": ">>> torch.float32.is_floating_point",
    "device": ">>> torch.device('cpu')",
    "no_grad": ">>> with torch.no_grad(): y = torch.ones(2, requires_grad=True) * 2",
    "enable_grad": ">>> with torch.no_grad():\n...     with torch.enable_grad(): y = torch.ones(1, requires_grad=True) * 2",
    "set_grad_enabled": ">>> with torch.set_grad_enabled(False): y = torch.ones(1, requires_grad=True) * 2",
    "inference_mode": ">>> with torch.inference_mode(): y = torch.ones(2) * 2",
}
