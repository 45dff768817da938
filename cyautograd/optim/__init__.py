"""cyautograd.optim, as torch.optim: Optimizer, SGD, Adam, AdamW, RMSprop, Adagrad, Adamax,
NAdam, RAdam, Adadelta, ASGD, Rprop, LBFGS and lr_scheduler."""
from cyautograd.optim import lr_scheduler  # noqa: F401
from cyautograd.optim._algorithms import SGD, Adagrad, Adam, AdamW, RMSprop  # noqa: F401
from cyautograd.optim._algorithms_extra import (ASGD, Adadelta, Adamax, NAdam,  # noqa: F401
                                                RAdam, Rprop)
from cyautograd.optim._lbfgs import LBFGS  # noqa: F401
from cyautograd.optim.optimizer import Optimizer  # noqa: F401

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adamax", "NAdam",
           "RAdam", "Adadelta", "ASGD", "Rprop", "LBFGS", "lr_scheduler"]
