"""cyautograd._functorch, shaped like torch._functorch: the modules behind
torch.func and the standalone ``functorch`` package (the argnums helpers of
``eager_transforms`` and the deprecated ``make_functional`` family). The
transforms themselves live in cyautograd.func (NOTE [ Function transforms
over the tape ])."""
