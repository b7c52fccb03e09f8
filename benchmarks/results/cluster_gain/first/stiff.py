import torch, math
def feature_apply(model, x, u):
    "Phi @ u for features phi(x) = (v p^T, v, p): u = (U [Nv,Nh], a [Nv], b [Nh])"
    v = model._flat(x).float(); p = model.hidden_probs(x)
    U, a, b = u
    return ((v @ U) * p).sum(1) + v @ a + p @ b, v, p
def feature_apply_t(v, p, y):
    return (v * y[:, None]).T @ p, y @ v, y @ p
def stiffness(model, x, rates=None, iters=30, u=None, g=None):
    "Largest eigenvalue of diag(rates) Cov(phi) over the samples x (the gradient map's stiffest direction): power iteration"
    rates = rates or dict(weights=1., vbias=1., hbias=1.)
    Nv, Nh = model._w.shape[-2], model.n_hidden
    if u is None:
        g = g or torch.Generator().manual_seed(0)
        u = (torch.randn(Nv, Nh, generator=g), torch.randn(Nv, generator=g), torch.randn(Nh, generator=g))
    r = (rates['weights'], rates['vbias'], rates['hbias'])
    lam = 0.
    for _ in range(iters):
        norm = math.sqrt(sum((t * t).sum().item() for t in u)); u = tuple(t / norm for t in u)
        y, v, p = feature_apply(model, x, u); y = (y - y.mean()) / len(y)
        w = feature_apply_t(v, p, y)
        w = tuple(ri * t for ri, t in zip(r, w))
        lam = sum((a * b).sum().item() for a, b in zip(w, u))   # Rayleigh quotient (u normalized)
        u = w
    return lam, u
