"""A character-level language model: embeddings of the previous three
characters, an MLP, cross-entropy on the next character, AdamW with a cosine
learning-rate schedule; then greedy generation. Runs unchanged on torch:
replace the import. Parameters start from a formula (not the random
generator) and the model runs in float64, so both libraries print the same."""
import cyautograd as torch
import cyautograd.nn.functional as F
from cyautograd import nn

text = ("the quick brown fox jumps over the lazy dog. "
        "a lazy dog sleeps while the quick fox runs over the hills. ") * 3
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
data = torch.tensor([stoi[c] for c in text])
context = 3
Xs = torch.stack([data[i:i + context] for i in range(len(data) - context)])
Ys = data[context:]


class CharMLP(nn.Module):
    def __init__(self, vocab, dim=12, hidden=64):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.fc1 = nn.Linear(context * dim, hidden)
        self.fc2 = nn.Linear(hidden, vocab)

    def forward(self, idx):
        h = self.emb(idx).flatten(1)
        return self.fc2(torch.tanh(self.fc1(h)))


model = CharMLP(len(chars)).double()
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_((torch.arange(p.numel(), dtype=torch.float64) * 0.37 + 1.3 * i).cos().reshape(p.shape) * 0.3)
print(f"vocabulary {len(chars)}, examples {len(Ys)}, parameters {sum(p.numel() for p in model.parameters())}")

opt = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.01)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=150)
for step in range(150):
    loss = F.cross_entropy(model(Xs), Ys)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    if step % 30 == 29:
        print(f"step {step + 1:3d}  loss {loss.item():.4f}  lr {sched.get_last_lr()[0]:.5f}")

with torch.no_grad():
    idx = [stoi[c] for c in "the"]
    for _ in range(40):
        logits = model(torch.tensor([idx[-context:]]))
        idx.append(int(logits.argmax(dim=-1).item()))
print("sample:", "".join(chars[i] for i in idx))
