"""cyautograd.nn, as torch.nn: Module and the common layers, losses, init and utils."""
from cyautograd.nn import functional  # noqa: F401
from cyautograd.nn import init  # noqa: F401
from cyautograd.nn import parallel  # noqa: F401
from cyautograd.nn import utils  # noqa: F401
from cyautograd.nn.parameter import Parameter  # noqa: F401
from cyautograd.nn.module import Module  # noqa: F401
from cyautograd.nn.modules import (  # noqa: F401
    GELU, GLU, ELU, AdaptiveAvgPool2d, AvgPool2d, BatchNorm1d, BatchNorm2d, BCELoss,
    BCEWithLogitsLoss, Bilinear, Conv1d, Conv2d, CosineSimilarity, CrossEntropyLoss, Dropout,
    Embedding, Flatten, Hardsigmoid, Hardswish, Hardtanh, HuberLoss, Identity, KLDivLoss, L1Loss,
    LayerNorm, LeakyReLU, Linear, LogSigmoid, LogSoftmax, MaxPool1d, MaxPool2d, Mish, ModuleDict,
    ModuleList, MSELoss, NLLLoss, ParameterDict, ParameterList, ReLU, ReLU6, Sequential, Sigmoid,
    SiLU, SmoothL1Loss, Softmax, Softplus, Softsign, Tanh, Tanhshrink, Unflatten)
from cyautograd.nn.rnn import (  # noqa: F401
    GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase)
from cyautograd.nn.transformer import (  # noqa: F401
    MultiheadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer)
from cyautograd.nn.layers import *  # noqa: F401,F403
# the 3-D pools, ConvTranspose3d and the lazy modules (nn/layers3.py)
from cyautograd.nn.layers3 import *  # noqa: F401,F403,E402
from cyautograd.nn.layers3 import UninitializedBuffer, UninitializedParameter  # noqa: F401,E402
