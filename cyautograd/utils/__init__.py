"""cyautograd.utils, shaped like torch.utils (hooks only)."""
