"""The recurrent and transformer layers (cyautograd/nn/rnn.py, transformer.py)
make no reference cycles: a training loop under gc.disable() stays flat, as
the MLP loop of tests/test_engine_memory.py does."""
import numpy as np

import cyautograd as cy
# the gc.disable() + tracemalloc measurement shared with the MLP/optimizer memory tests
from test_nn_optim_data import _run_flat as _run_without_gc


def _loop(model, head, x, y, steps=160, warmup=40):
    opt = cy.optim.SGD(list(model.parameters()) + list(head.parameters()), lr=0.1)
    losses = []

    def step(i):
        out = model(x)
        out = out[0] if isinstance(out, tuple) else out
        loss = cy.nn.functional.cross_entropy(head(out[:, -1]), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return _run_without_gc(step, steps, warmup), losses


def _data():
    rng = np.random.default_rng(0)
    x = cy.tensor(rng.standard_normal((4, 6, 3)).astype(np.float32))
    y = cy.tensor(rng.integers(0, 2, 4))
    return x, y


def test_lstm_training_loop_flat_without_gc():
    cy.manual_seed(0)
    x, y = _data()
    model = cy.nn.LSTM(3, 8, num_layers=2, batch_first=True, bidirectional=True)
    (growth, collected), losses = _loop(model, cy.nn.Linear(16, 2), x, y)
    assert collected == 0, "the LSTM's graph made reference cycles"
    assert growth < 64 * 1024, f"memory grew by {growth} bytes over 120 steps"
    assert losses[-1] < losses[0]


def test_transformer_encoder_training_loop_flat_without_gc():
    cy.manual_seed(0)
    x, y = _data()
    layer = cy.nn.TransformerEncoderLayer(3, 1, 8, dropout=0.0, batch_first=True)
    model = cy.nn.TransformerEncoder(layer, 1, enable_nested_tensor=False)
    (growth, collected), losses = _loop(model, cy.nn.Linear(3, 2), x, y)
    assert collected == 0, "the transformer's graph made reference cycles"
    assert growth < 64 * 1024, f"memory grew by {growth} bytes over 120 steps"
    assert losses[-1] < losses[0]


class _EmbedPackedGRU(cy.nn.Module):
    """Embedding (EmbeddingBackward0) -> LayerNorm (NativeLayerNormBackward0)
    -> a GRU over a PackedSequence: the custom-Function nodes of issue 15's
    leftovers in one training loop."""

    def __init__(self):
        super().__init__()
        self.emb = cy.nn.Embedding(10, 4, padding_idx=0, max_norm=2.0)
        self.norm = cy.nn.LayerNorm(4)
        self.gru = cy.nn.GRU(4, 6, batch_first=True, bidirectional=True)

    def forward(self, idx):
        from cyautograd.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
        h = self.norm(self.emb(idx))
        # sorted lengths: the unsorted path's sort/scatter_ (ops/extra.py) show as
        # growth under tracemalloc through CPython 3.11's tuple(<genexpr>) (RSS stays flat)
        p = pack_padded_sequence(h, [6, 5, 3, 2], batch_first=True)
        out, _ = self.gru(p)
        return pad_packed_sequence(out, batch_first=True)[0]


def test_embedding_layer_norm_packed_gru_loop_flat_without_gc():
    cy.manual_seed(0)
    _, y = _data()
    idx = cy.tensor(np.random.default_rng(1).integers(0, 10, (4, 6)))
    (growth, collected), losses = _loop(_EmbedPackedGRU(), cy.nn.Linear(12, 2), idx, y)
    assert collected == 0, "the embedding/layer_norm/packed GRU graph made reference cycles"
    assert growth < 64 * 1024, f"memory grew by {growth} bytes over 120 steps"
    assert losses[-1] < losses[0]
