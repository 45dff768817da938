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
    "logical_and": _binary("logical_and", "Logical AND (zero is False)",
                           "torch.tensor([0, 1, 2]), torch.tensor([1, 1, 0])",
                           "The result is a bool tensor."),
    "logical_or": _binary("logical_or", "Logical OR (zero is False)",
                          "torch.tensor([0, 1, 2]), torch.tensor([0, 0, 1])",
                          "The result is a bool tensor."),
    "logical_xor": _binary("logical_xor", "Logical XOR (zero is False)",
                           "torch.tensor([0, 1, 2]), torch.tensor([1, 1, 0])", "The result is a bool tensor."),
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
    "scatter": """Writes ``src`` into a copy of ``input`` at the positions ``index`` gives along
``dim``: ``out[index[i][j]][j] = src[i][j]`` for ``dim=0`` (and so on); with
``reduce`` (``"add"`` or ``"multiply"``) the values are combined instead.

Args:
    input (Tensor): the tensor written into (copied).
    dim (int): the dimension indexed.
    index (Tensor): int64 indices, of ``input``'s number of dimensions.
    src (Tensor or Number): the values written (``value=`` for a number).

Also a Tensor method: ``x.scatter(dim, index, src)``; ``x.scatter_(...)`` writes in place.

>>> torch.scatter(torch.zeros(3), 0, torch.tensor([2, 0]), torch.tensor([5., 6.]))""",
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
    "manual_seed": ">>> with torch.random.fork_rng(): g = torch.manual_seed(0); x = torch.rand(2)",
    "initial_seed": """The seed the global generator was last seeded with (by ``manual_seed``,
``seed`` or at start-up), as an int.

>>> torch.initial_seed() >= 0""",
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

# -- issue 15's ops and global state -----------------------------------------
_FLOAT_EX = "torch.tensor([0.25, 0.5])"
DOCS.update({
    "acos": _unary("acos", "The arccosine (radians; nan outside [-1, 1])", _FLOAT_EX),
    "acosh": _unary("acosh", "The inverse hyperbolic cosine (nan below 1)", "torch.tensor([1.5, 2.0])"),
    "arcsin": _unary("arcsin", "Alias of ``asin``: the arcsine", _FLOAT_EX),
    "arcsinh": _unary("arcsinh", "Alias of ``asinh``: the inverse hyperbolic sine", _FLOAT_EX),
    "arctan": _unary("arctan", "Alias of ``atan``: the arctangent", _FLOAT_EX),
    "arctanh": _unary("arctanh", "Alias of ``atanh``: the inverse hyperbolic tangent", _FLOAT_EX),
    "cosh": _unary("cosh", "The hyperbolic cosine", inplace=True),
    "sinh": _unary("sinh", "The hyperbolic sine", inplace=True),
    "erf": _unary("erf", "The Gauss error function", inplace=True),
    "exp2": _unary("exp2", "``2 ** input``", inplace=True),
    "expm1": _unary("expm1", "``exp(input) - 1``, accurate for small inputs", inplace=True),
    "frac": _unary("frac", "The fractional part, ``input - trunc(input)``",
                   "torch.tensor([1.5, -2.25])", floating=False, inplace=True),
    "arctan2": """Alias of ``atan2``: the angle (radians) of the point ``(other, input)``,
elementwise, broadcasting and promoting as ``add``.

Args:
    input (Tensor): the y coordinates.
    other (Tensor): the x coordinates.

>>> torch.arctan2(torch.tensor([1., -1.]), torch.tensor([1., 1.]))""",
    "addcmul": """``input + value * tensor1 * tensor2``, elementwise, broadcasting all three.

Args:
    input (Tensor): the tensor added to.
    tensor1, tensor2 (Tensor): the factors.
    value (Number, keyword): the multiplier of the product.

Also a Tensor method: ``x.addcmul(t1, t2)``; ``x.addcmul_(...)`` in place.

>>> torch.addcmul(torch.ones(2), torch.tensor([1., 2.]), torch.tensor([3., 4.]), value=0.5)""",
    "addcdiv": """``input + value * tensor1 / tensor2``, elementwise, broadcasting all three
(integer ``tensor1``/``tensor2`` are refused, as in torch).

Args:
    input (Tensor): the tensor added to.
    tensor1 (Tensor): the dividends.
    tensor2 (Tensor): the divisors.
    value (Number, keyword): the multiplier of the quotient.

Also a Tensor method: ``x.addcdiv(t1, t2)``; ``x.addcdiv_(...)`` in place.

>>> torch.addcdiv(torch.ones(2), torch.tensor([1., 2.]), torch.tensor([4., 4.]), value=2)""",
    "addmm": """``beta * input + alpha * (mat1 @ mat2)``: a matrix product added to ``input``
(broadcast to the product's shape).

Args:
    input (Tensor): the matrix added to.
    mat1 (Tensor): an (n, m) matrix.
    mat2 (Tensor): an (m, p) matrix.
    beta, alpha (Number, keyword): the multipliers of ``input`` and of the product.

Also a Tensor method: ``x.addmm(mat1, mat2)``; ``x.addmm_(...)`` in place.

>>> torch.addmm(torch.zeros(2, 2), torch.ones(2, 3), torch.ones(3, 2), alpha=2)""",
    "lerp": """Linear interpolation: ``input + weight * (end - input)``, elementwise,
broadcasting.

Args:
    input (Tensor): the start points.
    end (Tensor): the end points.
    weight (float or Tensor): where between them (0 gives ``input``, 1 ``end``).

Also a Tensor method: ``x.lerp(end, weight)``; ``x.lerp_(...)`` in place.

>>> torch.lerp(torch.zeros(2), torch.tensor([2., 4.]), 0.25)""",
    "nan_to_num": """Replaces NaN by ``nan``, +inf by ``posinf`` and -inf by ``neginf`` (by
default the largest and smallest finite values of the dtype).

Args:
    input (Tensor): the tensor.
    nan, posinf, neginf (float, optional): the replacements.

Also a Tensor method: ``x.nan_to_num()``; ``x.nan_to_num_()`` in place.

>>> torch.nan_to_num(torch.tensor([float('nan'), float('inf'), 1.]), posinf=9.)""",
    "cumprod": """The cumulative product along ``dim``: element i is the product of elements
0..i.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.
    dtype (dtype, keyword, optional): cast ``input`` to this dtype first.

Also a Tensor method: ``x.cumprod(dim)``; ``x.cumprod_(dim)`` in place.

>>> torch.cumprod(torch.tensor([1., 2., 3.]), dim=0)""",
    "cummax": """The running maximum along ``dim`` and the index where each was found:
a ``(values, indices)`` named tuple.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.

>>> torch.cummax(torch.tensor([1., 3., 2.]), 0)""",
    "cummin": """The running minimum along ``dim`` and the index where each was found:
a ``(values, indices)`` named tuple.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension.

>>> torch.cummin(torch.tensor([3., 1., 2.]), 0)""",
    "nansum": _reduction("nansum", "The sum, counting NaN as zero,",
                         "torch.tensor([1., float('nan'), 2.])"),
    "nanmean": _reduction("nanmean", "The mean of the elements that are not NaN,",
                          "torch.tensor([1., float('nan'), 2.])"),
    "median": """With only ``input``: the median of all elements (the lower of the two middle
ones for an even count), a 0-d tensor. With ``dim``: a ``(values, indices)``
named tuple along that dimension.

Args:
    input (Tensor): the tensor.
    dim (int, optional): the dimension reduced.
    keepdim (bool): keep it with size 1.

Also a Tensor method: ``x.median()``.

>>> torch.median(torch.tensor([[1., 5., 2.], [4., 3., 6.]]), dim=1)""",
    "kthvalue": """The ``k``-th smallest element along ``dim`` (``k`` counts from 1) and its
index: a ``(values, indices)`` named tuple.

Args:
    input (Tensor): the tensor.
    k (int): which smallest.
    dim (int): the dimension (default the last).
    keepdim (bool): keep it with size 1.

>>> torch.kthvalue(torch.tensor([3., 1., 2.]), 2)""",
    "std_mean": """``(std, mean)`` of ``input`` over all elements or along ``dim``, computed in
one pass; ``correction`` as for ``torch.std`` (1 by default: Bessel's).

Args:
    input (Tensor): the tensor.
    dim (int or tuple of ints, optional): the dimension(s) reduced.
    correction (int, keyword): subtracted from the count in the divisor.
    keepdim (bool): keep the reduced dimensions with size 1.

>>> torch.std_mean(torch.tensor([1., 2., 3., 4.]))""",
    "var_mean": """``(var, mean)`` of ``input`` over all elements or along ``dim``, computed in
one pass; ``correction`` as for ``torch.var`` (1 by default: Bessel's).

Args:
    input (Tensor): the tensor.
    dim (int or tuple of ints, optional): the dimension(s) reduced.
    correction (int, keyword): subtracted from the count in the divisor.
    keepdim (bool): keep the reduced dimensions with size 1.

>>> torch.var_mean(torch.tensor([1., 2., 3., 4.]), correction=0)""",
    "sort": """Sorts along ``dim``: a ``(values, indices)`` named tuple, ``indices`` the
positions in ``input`` of the sorted values.

Args:
    input (Tensor): the tensor.
    dim (int): the dimension (default the last).
    descending (bool): largest first.
    stable (bool, keyword): keep the order of equal elements.

Also a Tensor method: ``x.sort()``.

>>> torch.sort(torch.tensor([3., 1., 2.]), descending=True)""",
    "argsort": """The indices that sort ``input`` along ``dim`` (``sort(...).indices``).

Args:
    input (Tensor): the tensor.
    dim (int): the dimension (default the last).
    descending (bool): largest first.
    stable (bool, keyword): keep the order of equal elements.

>>> torch.argsort(torch.tensor([3., 1., 2.]))""",
    "msort": """Sorts along the first dimension (``sort(input, dim=0).values``).

>>> torch.msort(torch.tensor([[3., 1.], [1., 2.]]))""",
    "topk": """The ``k`` largest (or smallest) elements along ``dim`` and their indices: a
``(values, indices)`` named tuple.

Args:
    input (Tensor): the tensor.
    k (int): how many.
    dim (int): the dimension (default the last).
    largest (bool): largest (True) or smallest (False).
    sorted (bool): return them in sorted order.

>>> torch.topk(torch.tensor([1., 4., 2., 3.]), 2)""",
    "unique": """The distinct elements of ``input`` (flattened, or slices along ``dim``), sorted;
with ``return_inverse`` also where each element went, with ``return_counts``
also how often each occurs.

Args:
    input (Tensor): the tensor.
    sorted (bool): whether to return the values in ascending order.
    return_inverse, return_counts (bool): the extra results.
    dim (int, optional): the dimension whose slices are compared.

>>> torch.unique(torch.tensor([3, 1, 3]), return_counts=True)""",
    "unique_consecutive": """Collapses runs of equal consecutive elements (or slices along ``dim``) to one;
``return_inverse`` and ``return_counts`` as for ``torch.unique``.

>>> torch.unique_consecutive(torch.tensor([1, 1, 2, 2, 1]))""",
    "bincount": """Counts how often each non-negative int occurs in a 1-d tensor (or sums
``weights`` per value); the result has ``max(input) + 1`` entries, at least
``minlength``.

Args:
    input (Tensor): a 1-d int tensor.
    weights (Tensor, optional): a weight per element.
    minlength (int): the smallest length of the result.

>>> torch.bincount(torch.tensor([0, 2, 2]))""",
    "histc": """A histogram of ``input`` with ``bins`` equal-width bins between ``min`` and
``max`` (the data's own range when both are 0); elements outside are ignored.

Args:
    input (Tensor): the tensor.
    bins (int): the number of bins.
    min, max (Number): the range.

>>> torch.histc(torch.tensor([1., 2., 1.]), bins=4, min=0, max=3)""",
    "trace": """The sum of the main diagonal of a 2-d tensor.

>>> torch.trace(torch.arange(9.).view(3, 3))""",
    "diag": """With a 1-d ``input``: a 2-d tensor with it on the ``diagonal``-th diagonal.
With a 2-d ``input``: its ``diagonal``-th diagonal, as a 1-d tensor.

Args:
    input (Tensor): a 1-d or 2-d tensor.
    diagonal (int): 0 the main diagonal, > 0 above it, < 0 below.

>>> torch.diag(torch.tensor([1., 2.]))""",
    "tril": """The lower triangle of a matrix (or of each matrix of a batch): elements
above the ``diagonal``-th diagonal are zeroed.

Args:
    input (Tensor): at least 2-d.
    diagonal (int): 0 the main diagonal, > 0 above it, < 0 below.

Also a Tensor method: ``x.tril()``; ``x.tril_()`` in place.

>>> torch.tril(torch.ones(3, 3))""",
    "triu": """The upper triangle of a matrix (or of each matrix of a batch): elements
below the ``diagonal``-th diagonal are zeroed.

Args:
    input (Tensor): at least 2-d.
    diagonal (int): 0 the main diagonal, > 0 above it, < 0 below.

Also a Tensor method: ``x.triu()``; ``x.triu_()`` in place.

>>> torch.triu(torch.ones(3, 3), diagonal=1)""",
    "det": """The determinant of a square matrix (or of each of a batch): as
``torch.linalg.det``.

>>> torch.det(torch.tensor([[2., 1.], [1., 3.]]))""",
    "inverse": """The inverse of a square matrix (or of each of a batch), as
``torch.linalg.inv``; a singular matrix raises.

>>> torch.inverse(torch.tensor([[2., 0.], [0., 4.]]))""",
    "ger": """Alias of ``outer``: the outer product of two 1-d tensors,
``out[i][j] = input[i] * vec2[j]``.

>>> torch.ger(torch.tensor([1., 2.]), torch.tensor([3., 4., 5.]))""",
    "cross": """The cross product of 3-vectors along ``dim`` (the first dimension of size 3
when omitted; ``torch.linalg.cross`` takes the last), broadcasting.

Args:
    input, other (Tensor): the vectors.
    dim (int, optional): the dimension of size 3.

>>> torch.cross(torch.tensor([1., 0., 0.]), torch.tensor([0., 1., 0.]), dim=0)""",
    "cdist": """The ``p``-norm distance between each row of ``x1`` and each row of ``x2``
(batched over leading dimensions): an (n, m) tensor for (n, d) and (m, d)
inputs.

Args:
    x1 (Tensor): (..., n, d).
    x2 (Tensor): (..., m, d).
    p (float): the norm (2: Euclidean).

>>> torch.cdist(torch.ones(2, 3), torch.zeros(1, 3))""",
    "einsum": """Einstein summation: ``equation`` names each operand's dimensions by letters;
letters absent after ``->`` are summed over.

Args:
    equation (str): as ``"ij,jk->ik"``.
    *operands (Tensor): the tensors (or a single list of them).

>>> torch.einsum("ij,jk->ik", torch.ones(2, 3), torch.ones(3, 2))""",
    "masked_select": """The elements of ``input`` where the bool ``mask`` (broadcast to it) is True,
as a new 1-d tensor.

>>> torch.masked_select(torch.tensor([1., 2., 3.]), torch.tensor([True, False, True]))""",
    "index_add": """A copy of ``input`` with ``alpha * source`` added at the positions ``index``
(a 1-d int tensor) along ``dim``; repeated indices accumulate.

Args:
    input (Tensor): the tensor added into (copied).
    dim (int): the dimension indexed.
    index (Tensor): 1-d int64 indices.
    source (Tensor): the values, with ``len(index)`` slices along ``dim``.
    alpha (Number, keyword): the multiplier of ``source``.

Also a Tensor method: ``x.index_add(dim, index, source)``; ``x.index_add_(...)`` in place.

>>> torch.index_add(torch.zeros(3), 0, torch.tensor([0, 0, 2]), torch.tensor([1., 2., 3.]))""",
    "index_copy": """A copy of ``input`` whose slices at positions ``index`` along ``dim`` are
replaced by those of ``source``.

Args:
    input (Tensor): the tensor written into (copied).
    dim (int): the dimension indexed.
    index (Tensor): 1-d int64 indices.
    source (Tensor): the values, with ``len(index)`` slices along ``dim``.

Also a Tensor method; ``x.index_copy_(...)`` in place.

>>> torch.index_copy(torch.zeros(3), 0, torch.tensor([2]), torch.tensor([7.]))""",
    "index_fill": """A copy of ``input`` whose slices at positions ``index`` along ``dim`` are
filled with ``value``.

Args:
    input (Tensor): the tensor (copied).
    dim (int): the dimension indexed.
    index (Tensor): 1-d int64 indices.
    value (Number or 0-d Tensor): the fill value.

Also a Tensor method; ``x.index_fill_(...)`` in place.

>>> torch.index_fill(torch.ones(3), 0, torch.tensor([1]), 5.)""",
    "scatter_add": """A copy of ``input`` with ``src`` added at the positions ``index`` gives along
``dim`` (as ``scatter``, but repeated indices accumulate).

Args:
    input (Tensor): the tensor added into (copied).
    dim (int): the dimension indexed.
    index (Tensor): int64 indices, of ``input``'s number of dimensions.
    src (Tensor): the values added.

Also a Tensor method; ``x.scatter_add_(...)`` in place.

>>> torch.scatter_add(torch.zeros(3), 0, torch.tensor([0, 0, 2]), torch.tensor([1., 2., 3.]))""",
    "scatter_reduce": """A copy of ``input`` with ``src`` combined by ``reduce`` (``"sum"``,
``"prod"``, ``"mean"``, ``"amax"``, ``"amin"``) at the positions ``index``
gives along ``dim``; ``include_self`` says whether ``input``'s values take part.

Args:
    input (Tensor): the tensor reduced into (copied).
    dim (int): the dimension indexed.
    index (Tensor): int64 indices, of ``input``'s number of dimensions.
    src (Tensor): the values.
    reduce (str): the reduction.
    include_self (bool, keyword): reduce ``input``'s values too.

Also a Tensor method; ``x.scatter_reduce_(...)`` in place.

>>> torch.scatter_reduce(torch.zeros(3), 0, torch.tensor([0, 0, 2]), torch.tensor([1., 2., 3.]), "amax")""",
    # shapes and joining
    "atleast_1d": """Each tensor viewed with at least 1 dimension (0-d become 1-d); one tensor
in gives one out, several give a tuple.

>>> torch.atleast_1d(torch.tensor(1.))""",
    "atleast_2d": """Each tensor viewed with at least 2 dimensions (new leading dimensions of size
1); one tensor in gives one out, several give a tuple.

>>> torch.atleast_2d(torch.tensor([1., 2.]))""",
    "atleast_3d": """Each tensor viewed with at least 3 dimensions (as numpy's ``atleast_3d``);
one tensor in gives one out, several give a tuple.

>>> torch.atleast_3d(torch.tensor([1., 2.])).shape""",
    "broadcast_shapes": """The shape that tensors of the given shapes broadcast to, as a ``torch.Size``
(raises when they do not).

>>> torch.broadcast_shapes((2, 1), (3,))""",
    "broadcast_tensors": """Views of the tensors expanded to their common broadcast shape (a tuple).

>>> torch.broadcast_tensors(torch.ones(2, 1), torch.zeros(3))""",
    "broadcast_to": """A view of ``input`` expanded to ``size`` by broadcasting (as ``expand``).

Args:
    input (Tensor): the tensor.
    size (tuple of ints): the shape.

>>> torch.broadcast_to(torch.tensor([1., 2.]), (3, 2))""",
    "hstack": """Joins tensors along the second dimension (the first for 1-d ones).

>>> torch.hstack([torch.ones(2), torch.zeros(3)])""",
    "dstack": """Joins tensors along the third dimension, after ``atleast_3d``.

>>> torch.dstack([torch.ones(2), torch.zeros(2)]).shape""",
    "column_stack": """Joins tensors as columns: 1-d and 0-d ones become columns, then ``hstack``.

>>> torch.column_stack([torch.tensor([1., 2.]), torch.tensor([3., 4.])])""",
    "row_stack": """Alias of ``vstack``: joins tensors as rows (1-d ones become rows).

>>> torch.row_stack([torch.tensor([1., 2.]), torch.tensor([3., 4.])])""",
    "flip": """A copy with the order of elements reversed along each dimension in ``dims``.

Args:
    input (Tensor): the tensor.
    dims (int or tuple of ints): the dimensions reversed.

>>> torch.flip(torch.arange(4).view(2, 2), (0,))""",
    "fliplr": """Reverses the order of columns (the second dimension), as a copy.

>>> torch.fliplr(torch.arange(4).view(2, 2))""",
    "flipud": """Reverses the order of rows (the first dimension), as a copy.

>>> torch.flipud(torch.arange(4).view(2, 2))""",
    "roll": """Shifts elements by ``shifts`` along ``dims`` (the flattened tensor when
omitted); those moved past the end come back at the start.

Args:
    input (Tensor): the tensor.
    shifts (int or tuple of ints): the shift per dimension.
    dims (int or tuple of ints, optional): the dimensions.

>>> torch.roll(torch.arange(4), 1)""",
    "repeat": """``input`` tiled ``sizes`` times along each dimension (``x.repeat(2, 1)``);
extra leading sizes add dimensions.

>>> torch.ones(2).repeat(2, 2)""",
    "tile": """``input`` repeated ``dims`` times along each dimension; fewer ``dims`` than
dimensions are padded with 1s in front (unlike ``repeat``).

Args:
    input (Tensor): the tensor.
    dims (tuple of ints): the repetitions.

>>> torch.tile(torch.tensor([1, 2]), (2,))""",
    "tensor_split": """Splits ``input`` along ``dim`` into ``indices_or_sections`` nearly equal views
(an int), or at the given indices (a list): a tuple.

>>> torch.tensor_split(torch.arange(5), 2)""",
    "split_with_sizes": """Splits ``input`` along ``dim`` into views of the given sizes (which must sum
to the dimension's size): a tuple.

>>> torch.split_with_sizes(torch.arange(5), [2, 3])""",
    "meshgrid": """Coordinate grids from 1-d tensors: for n inputs, n tensors of shape
``(len(t1), ..., len(tn))`` (``indexing="ij"``) or with the first two swapped
(``indexing="xy"``).

>>> torch.meshgrid(torch.tensor([1, 2]), torch.tensor([3, 4, 5]), indexing="ij")""",
    "squeeze_": """In-place ``squeeze``: removes dimensions of size 1 (all, or ``dim``) from
``self``'s shape, as a view; returns ``self``.

>>> torch.ones(2, 1).squeeze_()""",
    "unsqueeze_": """In-place ``unsqueeze``: inserts a dimension of size 1 at ``dim`` into
``self``'s shape; returns ``self``.

>>> torch.ones(2).unsqueeze_(0)""",
    "t_": """In-place ``t``: transposes ``self`` (at most 2-d) in its metadata; returns ``self``.

>>> torch.ones(2, 3).t_().shape""",
    "swapaxes_": """In-place ``swapaxes`` (alias of ``transpose_``): swaps dimensions ``dim0`` and
``dim1`` of ``self``; returns ``self``.

>>> torch.ones(2, 3).swapaxes_(0, 1).shape""",
    "numel": """The number of elements of ``input`` (the product of its sizes), an int.

>>> torch.numel(torch.ones(2, 3))""",
    "is_complex": ">>> torch.is_complex(torch.ones(1))",
    "finfo": ">>> torch.finfo(torch.float32).eps",
    "iinfo": ">>> torch.iinfo(torch.int8).max",
    # random
    "bernoulli": """Draws 0 or 1 per element, 1 with the probability in ``input`` (or ``p``).

Args:
    input (Tensor): probabilities in [0, 1].
    generator (Generator, keyword, optional): the source (default: the global one).

>>> torch.bernoulli(torch.tensor([0.2, 0.8]), generator=torch.Generator().manual_seed(0))""",
    "multinomial": """Draws ``num_samples`` category indices per row of ``input`` (weights, not
necessarily normalised), without replacement unless ``replacement``.

Args:
    input (Tensor): 1-d or 2-d non-negative weights.
    num_samples (int): draws per row.
    replacement (bool): whether a category can be drawn twice.
    generator (Generator, keyword, optional): the source.

>>> torch.multinomial(torch.tensor([0.2, 0.8]), 2, generator=torch.Generator().manual_seed(0))""",
    "normal": """Samples from normal distributions: ``mean`` and ``std`` are tensors
(elementwise) or numbers (then ``size`` gives the shape).

Args:
    mean (Tensor or float): the means.
    std (Tensor or float): the standard deviations.
    size (tuple of ints, optional): the shape, for number arguments.
    generator (Generator, keyword, optional): the source.

>>> torch.normal(0., 1., size=(2,), generator=torch.Generator().manual_seed(0))""",
    "poisson": """Draws from a Poisson distribution with the rate in each element of ``input``.

Args:
    input (Tensor): non-negative rates.
    generator (Generator, optional): the source.

>>> torch.poisson(torch.tensor([1., 4.]), generator=torch.Generator().manual_seed(0))""",
    "randint_like": """Random integers in ``[low, high)`` with the shape of ``input`` (and its dtype
unless given); ``randint_like(x, high)`` takes ``low = 0``.

>>> torch.randint_like(torch.ones(2), 10, generator=torch.Generator().manual_seed(0))""",
    "seed": """Seeds the global generator from a non-deterministic source and returns the
seed.

>>> with torch.random.fork_rng(): s = torch.seed()""",
    "get_rng_state": """The state of the global generator, as a uint8 tensor (for ``set_rng_state``).

>>> state = torch.get_rng_state()""",
    "set_rng_state": """Restores the global generator to a state ``get_rng_state`` returned.

>>> torch.set_rng_state(torch.get_rng_state())""",
    "Generator": """>>> g = torch.Generator().manual_seed(0); torch.rand(2, generator=g)""",
    "Generator.get_state": ">>> torch.Generator().manual_seed(0).get_state().dtype",
    "Generator.set_state": """Restores the generator to a state ``get_state`` returned; returns the
generator.

>>> g = torch.Generator(); g.set_state(torch.Generator().manual_seed(1).get_state())""",
    "Generator.manual_seed": ">>> torch.Generator().manual_seed(0).initial_seed()",
    "Generator.seed": ">>> s = torch.Generator().seed()",
    "Generator.initial_seed": """The seed this generator was last seeded with.

>>> torch.Generator().manual_seed(7).initial_seed()""",
    "Generator.clone_state": """A new generator in the same state as this one (it draws the same numbers).

>>> g = torch.Generator().manual_seed(0); h = g.clone_state()""",
    "Generator.device": """The device this generator draws for (``torch.device("cpu")`` here).

>>> torch.Generator().device""",
    "random.manual_seed": ">>> with torch.random.fork_rng(): g = torch.random.manual_seed(0)",
    "random.initial_seed": """The seed the default generator was last seeded with, as an int.

>>> torch.random.initial_seed() >= 0""",
    "random.fork_rng": ">>> with torch.random.fork_rng(): x = torch.rand(2)",
    # global state and serialisation
    "save": """``obj`` (tensors, and dicts, lists, tuples of them, a ``state_dict``) is
pickled to ``f``: a path or a writable binary file object. Read back with
``torch.load``.

>>> import io; buf = io.BytesIO(); torch.save({"w": torch.ones(2)}, buf)""",
    "load": """``f`` is a path or a readable binary file object; ``map_location`` moves the
tensors to a device. With ``weights_only`` (the default) only tensors and
plain containers are unpickled.

>>> import io; buf = io.BytesIO(); torch.save(torch.ones(2), buf); _ = buf.seek(0); torch.load(buf)""",
    "set_default_device": """``device`` (a device, a string, or None for CPU) becomes the default
device of factories. A CUDA default needs CuPy.

>>> torch.set_default_device("cpu"); torch.set_default_device(None)""",
    "get_default_device": """The default device of factories (``torch.device("cpu")`` unless changed by
``set_default_device``).

>>> torch.get_default_device()""",
    "set_num_threads": ">>> torch.set_num_threads(torch.get_num_threads())",
    "get_num_threads": """The number of threads for intra-op work (``set_num_threads``).

>>> torch.get_num_threads()""",
    "set_num_interop_threads": """Records the number of threads for inter-op parallelism (torch's setting;
this library runs ops one at a time).

>>> torch.set_num_interop_threads(torch.get_num_interop_threads())""",
    "get_num_interop_threads": """The number of threads for inter-op parallelism (``set_num_interop_threads``).

>>> torch.get_num_interop_threads()""",
    "set_printoptions": """``precision`` (digits after the point), ``threshold`` (elements before
summarising), ``edgeitems``, ``linewidth``, ``sci_mode``; ``profile`` resets
all to a preset.

>>> torch.set_printoptions(precision=2); torch.set_printoptions(profile="default")""",
    # torch.linalg
    "linalg.norm": """A vector norm (``dim`` an int, or ``A`` 1-d) or a matrix norm (``dim`` a pair,
or ``A`` 2-d); the whole tensor flattened when neither ``ord`` nor ``dim``
is given.

Args:
    A (Tensor): the tensor.
    ord (int, float, inf or str, optional): the norm (default 2 / Frobenius).
    dim (int or pair of ints, optional): the dimension(s) reduced.
    keepdim (bool): keep them with size 1.

>>> torch.linalg.norm(torch.tensor([3., 4.]))""",
    "linalg.vector_norm": """The ``ord``-norm of ``x`` seen as a vector (all elements, or along ``dim``):
``sum(|x|**ord) ** (1/ord)``, inf the largest ``|x|``.

Args:
    x (Tensor): the tensor.
    ord (float): the norm (default 2).
    dim (int or tuple of ints, optional): the dimension(s) reduced.
    keepdim (bool): keep them with size 1.

>>> torch.linalg.vector_norm(torch.tensor([3., -4.]), ord=1)""",
    "linalg.matrix_norm": """A matrix norm of ``A`` (over the two dimensions ``dim``, batched over the
rest): ``"fro"``, ``"nuc"``, +-1, +-2, +-inf.

Args:
    A (Tensor): at least 2-d.
    ord (int, float or str): the norm (default ``"fro"``).
    dim (pair of ints): the matrix dimensions.
    keepdim (bool): keep them with size 1.

>>> torch.linalg.matrix_norm(torch.eye(2))""",
    "linalg.inv_ex": """The inverse of a square matrix (or of each of a batch) without raising on a
singular one: a ``(inverse, info)`` named tuple, ``info`` 0 where it
succeeded (``check_errors=True`` raises instead).

>>> torch.linalg.inv_ex(torch.eye(2))""",
    "linalg.solve": """The solution ``X`` of ``A @ X = B`` (``X @ A = B`` with ``left=False``) for a
square ``A``, batched; a singular ``A`` raises.

Args:
    A (Tensor): (..., n, n).
    B (Tensor): (..., n) or (..., n, k).

>>> torch.linalg.solve(torch.eye(2) * 2, torch.ones(2))""",
    "linalg.cross": """The cross product of 3-vectors along ``dim`` (default the last),
broadcasting.

>>> torch.linalg.cross(torch.tensor([1., 0., 0.]), torch.tensor([0., 1., 0.]))""",
    "linalg.svdvals": """The singular values of a matrix (or of each of a batch), in descending
order.

>>> torch.linalg.svdvals(torch.tensor([[3., 0.], [0., 4.]]))""",
    # torch.testing
    "testing.assert_close": ">>> torch.testing.assert_close(torch.tensor([1., 2.]), torch.tensor([1., 2.000001]))",
    "testing.assert_allclose": """Deprecated in torch for ``assert_close``: raises AssertionError unless
``actual`` and ``expected`` are close (``|a - e| <= atol + rtol * |e|``,
NaNs equal by default).

>>> torch.testing.assert_allclose(torch.ones(2), torch.ones(2))""",
    "testing.make_tensor": """A tensor of ``shape`` and ``dtype`` filled with random values in
``[low, high)`` (dtype-dependent defaults), for tests; ``noncontiguous``
gives a non-contiguous one, ``exclude_zero`` avoids zeros.

>>> torch.testing.make_tensor(2, 3, dtype=torch.float32, device="cpu", low=-1, high=1).shape""",
    # torch.accelerator (CUDA through CuPy, the only accelerator)
    "accelerator.is_available": """Whether an accelerator can be used: a GPU that CuPy sees.

>>> torch.accelerator.is_available()""",
    "accelerator.current_accelerator": ">>> torch.accelerator.current_accelerator()",
    "accelerator.device_count": """The number of accelerator devices (0 without one).

>>> torch.accelerator.device_count()""",
    "accelerator.current_device_index": """The index of the current accelerator device; ``current_device_idx`` is the
same function.

>>> torch.accelerator.current_device_index() if torch.accelerator.is_available() else None""",
    "accelerator.synchronize": """Waits until all work queued on the accelerator ``device`` (default the
current one) is done.

>>> torch.accelerator.synchronize() if torch.accelerator.is_available() else None""",
})

# the in-place forms of issue 15's ops (``x.sin_()``), one template
for _name, _example in [
        ("acos_", "torch.tensor([0.25, 0.5]).acos_()"),
        ("arccos_", "torch.tensor([0.25, 0.5]).arccos_()"),
        ("acosh_", "torch.tensor([1.5, 2.0]).acosh_()"),
        ("asin_", "torch.tensor([0.25, 0.5]).asin_()"),
        ("arcsin_", "torch.tensor([0.25, 0.5]).arcsin_()"),
        ("asinh_", "torch.tensor([0.25, 0.5]).asinh_()"),
        ("atan_", "torch.tensor([0.25, 0.5]).atan_()"),
        ("arctan_", "torch.tensor([0.25, 0.5]).arctan_()"),
        ("atanh_", "torch.tensor([0.25, 0.5]).atanh_()"),
        ("cos_", "torch.tensor([0.25, 0.5]).cos_()"),
        ("cosh_", "torch.tensor([0.25, 0.5]).cosh_()"),
        ("sin_", "torch.tensor([0.25, 0.5]).sin_()"),
        ("sinh_", "torch.tensor([0.25, 0.5]).sinh_()"),
        ("tan_", "torch.tensor([0.25, 0.5]).tan_()"),
        ("erf_", "torch.tensor([0.25, 0.5]).erf_()"),
        ("exp2_", "torch.tensor([1., 3.]).exp2_()"),
        ("expm1_", "torch.tensor([0.25, 0.5]).expm1_()"),
        ("log2_", "torch.tensor([2., 8.]).log2_()"),
        ("log10_", "torch.tensor([10., 100.]).log10_()"),
        ("log1p_", "torch.tensor([0.25, 0.5]).log1p_()"),
        ("rsqrt_", "torch.tensor([4., 16.]).rsqrt_()"),
        ("reciprocal_", "torch.tensor([2., 4.]).reciprocal_()"),
        ("ceil_", "torch.tensor([0.5, -1.5]).ceil_()"),
        ("floor_", "torch.tensor([0.5, -1.5]).floor_()"),
        ("trunc_", "torch.tensor([0.5, -1.5]).trunc_()"),
        ("round_", "torch.tensor([0.5, 1.5]).round_()"),
        ("frac_", "torch.tensor([1.5, -2.25]).frac_()"),
        ("sign_", "torch.tensor([-2., 0., 3.]).sign_()"),
        ("negative_", "torch.tensor([1., -2.]).negative_()"),
        ("square_", "torch.tensor([2., -3.]).square_()"),
        ("atan2_", "torch.tensor([1., -1.]).atan2_(torch.tensor([1., 1.]))"),
        ("clamp_min_", "torch.tensor([-1., 2.]).clamp_min_(0.)"),
        ("clamp_max_", "torch.tensor([-1., 2.]).clamp_max_(0.)"),
        ("addcmul_", "torch.ones(2).addcmul_(torch.tensor([1., 2.]), torch.tensor([3., 4.]))"),
        ("addcdiv_", "torch.ones(2).addcdiv_(torch.tensor([1., 2.]), torch.tensor([4., 4.]))"),
        ("addmm_", "torch.zeros(2, 2).addmm_(torch.ones(2, 3), torch.ones(3, 2))"),
        ("lerp_", "torch.zeros(2).lerp_(torch.tensor([2., 4.]), 0.25)"),
        ("nan_to_num_", "torch.tensor([float('nan'), 1.]).nan_to_num_()"),
        ("cumprod_", "torch.tensor([1., 2., 3.]).cumprod_(0)"),
        ("index_add_", "torch.zeros(3).index_add_(0, torch.tensor([0, 2]), torch.tensor([1., 2.]))"),
        ("index_copy_", "torch.zeros(3).index_copy_(0, torch.tensor([2]), torch.tensor([7.]))"),
        ("index_fill_", "torch.ones(3).index_fill_(0, torch.tensor([1]), 5.)"),
        ("scatter_", "torch.zeros(3).scatter_(0, torch.tensor([2, 0]), torch.tensor([5., 6.]))"),
        ("scatter_add_", "torch.zeros(3).scatter_add_(0, torch.tensor([0, 0]), torch.tensor([1., 2.]))"),
        ("scatter_reduce_", "torch.zeros(3).scatter_reduce_(0, torch.tensor([0, 0]), torch.tensor([1., 2.]), 'sum')"),
        ("tril_", "torch.ones(2, 2).tril_()"),
        ("triu_", "torch.ones(2, 2).triu_()")]:
    DOCS[_name] = _inplace(_name, _name[:-1], _example)
del _name, _example

# -- names whose objects changed in the last merges ---------------------------
DOCS.update({
    "asin": _unary("asin", "The arcsine (radians; nan outside [-1, 1])", _FLOAT_EX),
    "asinh": _unary("asinh", "The inverse hyperbolic sine", _FLOAT_EX),
    "atan": _unary("atan", "The arctangent (radians)", _FLOAT_EX),
    "atanh": _unary("atanh", "The inverse hyperbolic tangent (nan outside [-1, 1])", _FLOAT_EX),
    "arccos": _unary("arccos", "Alias of ``acos``: the arccosine", _FLOAT_EX),
    "arccosh": _unary("arccosh", "Alias of ``acosh``: the inverse hyperbolic cosine", "torch.tensor([1.5, 2.0])"),
    "atan2": """The angle of the point ``(other, input)`` -- ``atan(input / other)`` with the
quadrant taken from both signs -- elementwise, with broadcasting (``Atan2Backward0``).

Args:
    input (Tensor): the y coordinates.
    other (Tensor): the x coordinates.

>>> torch.atan2(torch.tensor([1., -1.]), torch.tensor([-1., -1.]))""",
    "outer": """The outer product of two 1-d tensors: ``out[i, j] = input[i] * vec2[j]``
(recorded as a multiplication of broadcast views, as torch does).

Args:
    input (Tensor): a 1-d tensor of size n.
    vec2 (Tensor): a 1-d tensor of size m.

>>> torch.outer(torch.tensor([1., 2.]), torch.tensor([1., 10., 100.]))""",
    "from_dlpack": ">>> import numpy as np; torch.from_dlpack(np.arange(3.0))",
})
