"""Docstrings of Tensor methods that are not functions of the ``cyautograd``
namespace (those are in _torch_docs.py; the methods and properties of the
cdef class itself have theirs in tensor.pyx). Attached by cyautograd/_docs.py
(NOTE [ Where docstrings live ])."""

DOCS = {
    # (torch.split is Python over this method: its docstring is _torch_docs.py's)
    "Tensor.split": """Splits ``self`` into views along ``dim``: chunks of ``split_size`` elements
(the last may be smaller), or of the sizes listed. Returns a tuple.

Args:
    split_size (int or list of ints): the chunk size or the sizes.
    dim (int): the dimension.

>>> torch.arange(5).split([2, 3])""",
    "Tensor.new": ">>> torch.ones(2, dtype=torch.float64).new(3).dtype",
    # in-place random fills: every one takes ``generator=`` (default: the global one)
    "Tensor.uniform_": """Fills ``self`` in place with numbers drawn uniformly from ``[from_, to)``;
returns ``self``.

Args:
    from_, to (float): the interval.
    generator (Generator, keyword, optional): the source (default: the global one).

>>> torch.empty(3).uniform_(-1, 1, generator=torch.Generator().manual_seed(0))""",
    "Tensor.normal_": """Fills ``self`` in place with draws from the normal distribution of ``mean``
and ``std``; returns ``self``.

Args:
    mean, std (float): the distribution.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).normal_(0, 2, generator=torch.Generator().manual_seed(0))""",
    "Tensor.bernoulli_": """Fills ``self`` in place with 0 or 1, 1 with probability ``p`` (a float or a
tensor broadcast to ``self``); returns ``self``.

Args:
    p (float or Tensor): the probability of 1.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(4).bernoulli_(0.5, generator=torch.Generator().manual_seed(0))""",
    "Tensor.random_": """Fills ``self`` in place with integers drawn uniformly from ``[from_, to)``
(``random_(to)``: from 0; no arguments: the whole range the dtype holds
exactly); returns ``self``.

Args:
    from_, to (int, optional): the interval.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).random_(0, 10, generator=torch.Generator().manual_seed(0))""",
    "Tensor.exponential_": """Fills ``self`` in place with draws from the exponential distribution of rate
``lambd``; returns ``self``.

Args:
    lambd (float): the rate.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).exponential_(2., generator=torch.Generator().manual_seed(0))""",
    "Tensor.geometric_": """Fills ``self`` in place with draws from the geometric distribution (the
number of trials up to the first success, success probability ``p``);
returns ``self``.

Args:
    p (float): the success probability.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).geometric_(0.5, generator=torch.Generator().manual_seed(0))""",
    "Tensor.cauchy_": """Fills ``self`` in place with draws from the Cauchy distribution of ``median``
and scale ``sigma``; returns ``self``.

Args:
    median, sigma (float): the distribution.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).cauchy_(generator=torch.Generator().manual_seed(0))""",
    "Tensor.log_normal_": """Fills ``self`` in place with ``exp`` of normal draws of ``mean`` and ``std``
(a log-normal distribution); returns ``self``.

Args:
    mean, std (float): the underlying normal distribution.
    generator (Generator, keyword, optional): the source.

>>> torch.empty(3).log_normal_(0, 1, generator=torch.Generator().manual_seed(0))""",
}
