"""grad_fn._saved_* / _raw_saved_* of a broad list of ops against torch
(NOTE [ Saved values are derived when read ] in ops/pointwise.pyx, NOTE [
Saved attributes of Function-made nodes ] in ops/_saved_attrs.py): one case
per op, the whole graph below its output -- each node's name, the names
dir() lists, every value (a raw object: whether it is None), and every name
read again after the graph is freed (the value, or the error's type).
Ops whose nodes still differ are KNOWN gaps with the reason (strict: one
that comes to match must come off the list)."""
import cases_autograd_details as _d

CASES = {}


def _ops(T):
    def X(T, *shape, pos=False, rg=True, seed=0):
        n = 1
        for s in shape: n *= s
        vals = [((i * 7 + seed * 3) % 11) / 5.0 - (0 if pos else 1.0) + (0.1 if pos else 0.05) for i in range(n)]
        return T.tensor(vals).reshape(shape).requires_grad_(rg)

    ops = {}
    def op(name):
        def d(f): ops[name] = f; return f
        return d

    unary = ["exp","log","sin","cos","tan","tanh","sigmoid","sqrt","rsqrt","abs","neg","reciprocal","exp2","expm1","log1p","log2","log10",
             "asin","acos","atan","sinh","cosh","asinh","atanh","erf","erfc","erfinv","lgamma","digamma","sign","sgn","floor","ceil","round","trunc","frac",
             "relu","square","sinc","logit","i0","angle","deg2rad","rad2deg","positive","conj","real"]
    for u in unary:
        pos = u in ("log","sqrt","rsqrt","log1p","log2","log10","lgamma","digamma")
        small = u in ("asin","acos","atanh","erfinv","logit")
        def f(T, u=u, pos=pos, small=small):
            x = X(T, 3, 4, pos=pos or small)
            if small: x = (x.detach() * 0.3).requires_grad_()
            return getattr(T, u)(x) if hasattr(T, u) else getattr(x, u)()
        ops["u_" + u] = f

    binary = ["add","sub","mul","div","pow","atan2","maximum","minimum","fmax","fmin","hypot","remainder","fmod","copysign","xlogy","lerp_s","true_divide","rsub","floor_divide_none","ldexp_none","logaddexp","logaddexp2"]
    for bn in ["add","sub","mul","div","atan2","maximum","minimum","fmax","fmin","hypot","remainder","fmod","copysign","xlogy","logaddexp","logaddexp2","rsub","true_divide"]:
        ops["b_" + bn] = lambda T, bn=bn: getattr(T, bn)(X(T, 3, 4, pos=True), X(T, 4, seed=1, pos=True))
        ops["bs_" + bn] = lambda T, bn=bn: getattr(T, bn)(X(T, 3, 4, pos=True), 2.5) if bn not in ("atan2","maximum","minimum","fmax","fmin","hypot","logaddexp","logaddexp2") else X(T,2)
    ops["b_pow"] = lambda T: T.pow(X(T, 3, 4, pos=True), X(T, 4, seed=1))
    ops["b_pow_sc"] = lambda T: T.pow(X(T, 3, 4, pos=True), 3)
    ops["b_pow_scf"] = lambda T: T.pow(X(T, 3, 4, pos=True), 2.5)
    ops["b_rpow"] = lambda T: T.pow(2.0, X(T, 3, 4))
    ops["b_add_alpha"] = lambda T: T.add(X(T, 3, 4), X(T, 4), alpha=2)
    ops["b_sub_alpha"] = lambda T: T.sub(X(T, 3, 4), X(T, 4), alpha=3)
    ops["b_div_floor"] = lambda T: T.div(X(T, 3, 4), X(T, 4, pos=True), rounding_mode="floor")
    ops["b_div_trunc_s"] = lambda T: T.div(X(T, 3, 4), 2.0, rounding_mode="trunc")
    ops["lerp"] = lambda T: T.lerp(X(T, 3, 4), X(T, 4, seed=2), 0.3)
    ops["lerp_t"] = lambda T: T.lerp(X(T, 3, 4), X(T, 4, seed=2), X(T, 4, seed=3))
    ops["addcmul"] = lambda T: T.addcmul(X(T, 3, 4), X(T, 4, seed=2), X(T, 4, seed=3), value=0.5)
    ops["addcdiv"] = lambda T: T.addcdiv(X(T, 3, 4), X(T, 4, seed=2), X(T, 4, seed=3, pos=True), value=0.5)
    ops["clamp"] = lambda T: T.clamp(X(T, 3, 4), -0.5, 0.5)
    ops["clamp_min"] = lambda T: T.clamp(X(T, 3, 4), min=-0.5)
    ops["clamp_max"] = lambda T: T.clamp_max(X(T, 3, 4), 0.5)
    ops["clamp_t"] = lambda T: T.clamp(X(T, 3, 4), X(T, 4, seed=1), X(T, 4, seed=2, pos=True))
    ops["where"] = lambda T: T.where(X(T, 3, 4, rg=False) > 0, X(T, 3, 4), X(T, 4, seed=1))
    ops["masked_fill"] = lambda T: X(T, 3, 4).masked_fill(X(T, 3, 4, rg=False) > 0, 2.0)
    ops["threshold"] = lambda T: T.nn.functional.threshold(X(T, 3, 4), 0.1, 20.0)
    ops["leaky_relu"] = lambda T: T.nn.functional.leaky_relu(X(T, 3, 4), 0.2)
    ops["elu"] = lambda T: T.nn.functional.elu(X(T, 3, 4), 1.5)
    ops["selu"] = lambda T: T.nn.functional.selu(X(T, 3, 4))
    ops["celu"] = lambda T: T.nn.functional.celu(X(T, 3, 4), 1.5)
    ops["gelu"] = lambda T: T.nn.functional.gelu(X(T, 3, 4))
    ops["gelu_tanh"] = lambda T: T.nn.functional.gelu(X(T, 3, 4), approximate="tanh")
    ops["silu"] = lambda T: T.nn.functional.silu(X(T, 3, 4))
    ops["mish"] = lambda T: T.nn.functional.mish(X(T, 3, 4))
    ops["softplus"] = lambda T: T.nn.functional.softplus(X(T, 3, 4), beta=2, threshold=10)
    ops["hardtanh"] = lambda T: T.nn.functional.hardtanh(X(T, 3, 4), -0.5, 0.5)
    ops["relu6"] = lambda T: T.nn.functional.relu6(X(T, 3, 4))
    ops["hardsigmoid"] = lambda T: T.nn.functional.hardsigmoid(X(T, 3, 4))
    ops["hardswish"] = lambda T: T.nn.functional.hardswish(X(T, 3, 4))
    ops["softshrink"] = lambda T: T.nn.functional.softshrink(X(T, 3, 4), 0.3)
    ops["hardshrink"] = lambda T: T.nn.functional.hardshrink(X(T, 3, 4), 0.3)
    ops["logsigmoid"] = lambda T: T.nn.functional.logsigmoid(X(T, 3, 4))
    ops["prelu"] = lambda T: T.nn.functional.prelu(X(T, 3, 4), X(T, 1, seed=3))
    ops["rrelu_eval"] = lambda T: T.nn.functional.rrelu(X(T, 3, 4), training=False)
    ops["softmax"] = lambda T: T.softmax(X(T, 3, 4), 1)
    ops["log_softmax"] = lambda T: T.log_softmax(X(T, 3, 4), 0)
    ops["softmin"] = lambda T: T.nn.functional.softmin(X(T, 3, 4), 1)
    ops["glu"] = lambda T: T.nn.functional.glu(X(T, 3, 4), 1)
    # reductions
    for r in ["sum","mean","prod","amax","amin","logsumexp","std","var","norm","nansum","max","min","median","nanmedian","cumsum","cumprod","logcumsumexp","cummax","cummin","argmax","all","any","count_nonzero","sort","topk","kthvalue","mode"]:
        pass
    ops["sum"] = lambda T: X(T, 3, 4).sum()
    ops["sum_dim"] = lambda T: X(T, 3, 4).sum(1)
    ops["sum_dim_keep"] = lambda T: X(T, 3, 4).sum((0, 1), keepdim=True)
    ops["sum_neg"] = lambda T: X(T, 3, 4).sum(-1)
    ops["sum_dtype"] = lambda T: X(T, 3, 4).sum(dtype=T.float64)
    ops["nansum"] = lambda T: X(T, 3, 4).nansum(1)
    ops["mean"] = lambda T: X(T, 3, 4).mean()
    ops["mean_dim"] = lambda T: X(T, 3, 4).mean(0, keepdim=True)
    ops["prod"] = lambda T: X(T, 3, 4).prod()
    ops["prod_dim"] = lambda T: X(T, 3, 4).prod(1, keepdim=True)
    ops["amax"] = lambda T: X(T, 3, 4).amax(1)
    ops["amin"] = lambda T: X(T, 3, 4).amin((0, 1), keepdim=True)
    ops["max"] = lambda T: X(T, 3, 4).max()
    ops["max_dim"] = lambda T: X(T, 3, 4).max(1, keepdim=True)[0]
    ops["min_dim"] = lambda T: X(T, 3, 4).min(0)[0]
    ops["median"] = lambda T: X(T, 3, 4).median()
    ops["median_dim"] = lambda T: X(T, 3, 4).median(1)[0]
    ops["nanmedian_dim"] = lambda T: X(T, 3, 4).nanmedian(1)[0]
    ops["mode"] = lambda T: X(T, 3, 4).mode(1)[0]
    ops["kthvalue"] = lambda T: X(T, 3, 4).kthvalue(2, 1)[0]
    ops["sort"] = lambda T: X(T, 3, 4).sort(1)[0]
    ops["topk"] = lambda T: X(T, 3, 4).topk(2, 1)[0]
    ops["logsumexp"] = lambda T: X(T, 3, 4).logsumexp(1)
    ops["std"] = lambda T: X(T, 3, 4).std()
    ops["std_dim"] = lambda T: X(T, 3, 4).std(1, keepdim=True)
    ops["var_dim"] = lambda T: X(T, 3, 4).var(0, correction=0)
    ops["var_mean"] = lambda T: T.var_mean(X(T, 3, 4), 1)[0]
    ops["std_mean"] = lambda T: T.std_mean(X(T, 3, 4), 1)[1]
    ops["norm"] = lambda T: X(T, 3, 4).norm()
    ops["norm_p"] = lambda T: X(T, 3, 4).norm(p=3, dim=1)
    ops["linalg_vector_norm"] = lambda T: T.linalg.vector_norm(X(T, 3, 4), ord=1, dim=0)
    ops["cumsum"] = lambda T: X(T, 3, 4).cumsum(1)
    ops["cumprod"] = lambda T: X(T, 3, 4).cumprod(0)
    ops["logcumsumexp"] = lambda T: X(T, 3, 4).logcumsumexp(1)
    ops["cummax"] = lambda T: X(T, 3, 4).cummax(1)[0]
    ops["dist"] = lambda T: T.dist(X(T, 3, 4), X(T, 4, seed=1), 3)
    # views
    ops["view"] = lambda T: X(T, 3, 4).view(4, 3)
    ops["view_neg"] = lambda T: X(T, 3, 4).view(-1)
    ops["reshape"] = lambda T: X(T, 3, 4).reshape(2, 6)
    ops["reshape_copy"] = lambda T: X(T, 3, 4).t().reshape(12)
    ops["expand"] = lambda T: X(T, 3, 1).expand(3, 4)
    ops["expand_as"] = lambda T: X(T, 1, 4).expand_as(X(T, 3, 4, rg=False))
    ops["t"] = lambda T: X(T, 3, 4).t()
    ops["transpose"] = lambda T: X(T, 2, 3, 4).transpose(0, 2)
    ops["permute"] = lambda T: X(T, 2, 3, 4).permute(2, 0, 1)
    ops["squeeze"] = lambda T: X(T, 3, 1, 4).squeeze()
    ops["squeeze_dim"] = lambda T: X(T, 3, 1, 4).squeeze(1)
    ops["squeeze_dims"] = lambda T: X(T, 3, 1, 4).squeeze((1, 0))
    ops["unsqueeze"] = lambda T: X(T, 3, 4).unsqueeze(1)
    ops["select"] = lambda T: X(T, 3, 4).select(1, 2)
    ops["select_neg"] = lambda T: X(T, 3, 4)[-1]
    ops["index_int"] = lambda T: X(T, 3, 4)[1]
    ops["slice"] = lambda T: X(T, 3, 4)[:, 1:3]
    ops["slice_step"] = lambda T: X(T, 3, 4)[::2]
    ops["narrow"] = lambda T: X(T, 3, 4).narrow(1, 1, 2)
    ops["diagonal"] = lambda T: X(T, 3, 4).diagonal(1)
    ops["diag"] = lambda T: T.diag(X(T, 3, 4), 1)
    ops["unfold"] = lambda T: X(T, 3, 4).unfold(1, 2, 1)
    ops["as_strided"] = lambda T: X(T, 3, 4).as_strided((2, 2), (1, 2), 1)
    ops["movedim"] = lambda T: X(T, 2, 3, 4).movedim(0, 2)
    ops["flatten"] = lambda T: X(T, 2, 3, 4).flatten(1)
    ops["unflatten"] = lambda T: X(T, 3, 4).unflatten(1, (2, 2))
    ops["split"] = lambda T: X(T, 3, 4).split(2, 1)[1]
    ops["split_sizes"] = lambda T: X(T, 3, 4).split([1, 3], 1)[1]
    ops["chunk"] = lambda T: X(T, 3, 4).chunk(2)[0]
    ops["unbind"] = lambda T: X(T, 3, 4).unbind(1)[2]
    ops["tensor_split"] = lambda T: X(T, 3, 4).tensor_split(3, 1)[0]
    ops["real_view"] = lambda T: X(T, 3, 4).view(T.float32)
    ops["alias"] = lambda T: X(T, 3, 4)[...]
    ops["flip"] = lambda T: X(T, 3, 4).flip(1)
    ops["roll"] = lambda T: X(T, 3, 4).roll(1, 0)
    ops["rot90"] = lambda T: X(T, 3, 4).rot90()
    ops["repeat"] = lambda T: X(T, 3, 4).repeat(2, 1)
    ops["tile"] = lambda T: X(T, 3, 4).tile(2)
    ops["repeat_interleave"] = lambda T: X(T, 3, 4).repeat_interleave(2, 0)
    ops["cat"] = lambda T: T.cat([X(T, 3, 4), X(T, 2, 4, seed=1)])
    ops["stack"] = lambda T: T.stack([X(T, 3, 4), X(T, 3, 4, seed=1)], 1)
    ops["tril"] = lambda T: X(T, 3, 4).tril(1)
    ops["triu"] = lambda T: X(T, 3, 4).triu(-1)
    ops["clone"] = lambda T: X(T, 3, 4).clone()
    ops["contiguous"] = lambda T: X(T, 3, 4).t().contiguous()
    ops["to_double"] = lambda T: X(T, 3, 4).double()
    ops["type_as"] = lambda T: X(T, 3, 4).to(T.float16)
    ops["pad"] = lambda T: T.nn.functional.pad(X(T, 3, 4), (1, 2))
    ops["pad_reflect"] = lambda T: T.nn.functional.pad(X(T, 1, 3, 4), (1, 2), mode="reflect")
    ops["pad_replicate"] = lambda T: T.nn.functional.pad(X(T, 1, 3, 4), (1, 2), mode="replicate")
    ops["pad_circular"] = lambda T: T.nn.functional.pad(X(T, 1, 3, 4), (1, 2), mode="circular")
    # indexing
    ops["index_tensor"] = lambda T: X(T, 3, 4)[T.tensor([0, 2])]
    ops["gather"] = lambda T: X(T, 3, 4).gather(1, T.tensor([[0, 1], [2, 3], [1, 1]]))
    ops["index_select"] = lambda T: X(T, 3, 4).index_select(1, T.tensor([0, 3]))
    ops["scatter"] = lambda T: X(T, 3, 4).scatter(1, T.tensor([[0], [1], [2]]), X(T, 3, 1, seed=4))
    ops["scatter_add"] = lambda T: X(T, 3, 4).scatter_add(1, T.tensor([[0], [1], [2]]), X(T, 3, 1, seed=4))
    ops["scatter_value"] = lambda T: X(T, 3, 4).scatter(1, T.tensor([[0], [1], [2]]), 2.0)
    ops["index_add"] = lambda T: X(T, 3, 4).index_add(0, T.tensor([0, 2]), X(T, 2, 4, seed=4), alpha=2)
    ops["index_copy"] = lambda T: X(T, 3, 4).index_copy(0, T.tensor([0, 2]), X(T, 2, 4, seed=4))
    ops["index_fill"] = lambda T: X(T, 3, 4).index_fill(0, T.tensor([0, 2]), 1.5)
    ops["index_put"] = lambda T: X(T, 3, 4).index_put((T.tensor([0, 2]),), X(T, 4, seed=4))
    ops["masked_select"] = lambda T: X(T, 3, 4).masked_select(X(T, 3, 4, rg=False) > 0)
    ops["masked_scatter"] = lambda T: X(T, 3, 4).masked_scatter(X(T, 3, 4, rg=False) > 0, X(T, 12, seed=3))
    ops["take"] = lambda T: X(T, 3, 4).take(T.tensor([0, 5]))
    ops["take_along_dim"] = lambda T: T.take_along_dim(X(T, 3, 4), T.tensor([[0], [1], [2]]), 1)
    ops["nonzero_idx"] = lambda T: X(T, 3, 4)[X(T, 3, 4, rg=False) > 0]
    # matmul family
    ops["mm"] = lambda T: T.mm(X(T, 3, 4), X(T, 4, 2, seed=1))
    ops["mm_one"] = lambda T: T.mm(X(T, 3, 4), X(T, 4, 2, seed=1, rg=False))
    ops["matmul_2d"] = lambda T: X(T, 3, 4) @ X(T, 4, 2, seed=1)
    ops["matmul_mv"] = lambda T: X(T, 3, 4) @ X(T, 4, seed=1)
    ops["matmul_vm"] = lambda T: X(T, 3, seed=1) @ X(T, 3, 4)
    ops["matmul_dot"] = lambda T: X(T, 4, seed=1) @ X(T, 4)
    ops["matmul_3d"] = lambda T: X(T, 2, 3, 4) @ X(T, 4, 2, seed=1)
    ops["matmul_bmm"] = lambda T: X(T, 2, 3, 4) @ X(T, 2, 4, 2, seed=1)
    ops["bmm"] = lambda T: T.bmm(X(T, 2, 3, 4), X(T, 2, 4, 2, seed=1))
    ops["baddbmm"] = lambda T: T.baddbmm(X(T, 2, 3, 2, seed=2), X(T, 2, 3, 4), X(T, 2, 4, 2, seed=1), beta=0.5, alpha=2)
    ops["addmm"] = lambda T: T.addmm(X(T, 3, 2, seed=2), X(T, 3, 4), X(T, 4, 2, seed=1), beta=0.5, alpha=2)
    ops["addmv"] = lambda T: T.addmv(X(T, 3, seed=2), X(T, 3, 4), X(T, 4, seed=1), beta=0.5, alpha=2)
    ops["addr"] = lambda T: T.addr(X(T, 3, 4, seed=2), X(T, 3), X(T, 4, seed=1), beta=0.5, alpha=2)
    ops["addbmm"] = lambda T: T.addbmm(X(T, 3, 2, seed=2), X(T, 2, 3, 4), X(T, 2, 4, 2, seed=1))
    ops["mv"] = lambda T: T.mv(X(T, 3, 4), X(T, 4, seed=1))
    ops["dot"] = lambda T: T.dot(X(T, 4), X(T, 4, seed=1))
    ops["vdot"] = lambda T: T.vdot(X(T, 4), X(T, 4, seed=1))
    ops["outer"] = lambda T: T.outer(X(T, 4), X(T, 3, seed=1))
    ops["inner"] = lambda T: T.inner(X(T, 3, 4), X(T, 2, 4, seed=1))
    ops["einsum"] = lambda T: T.einsum("ij,jk->ik", X(T, 3, 4), X(T, 4, 2, seed=1))
    ops["tensordot"] = lambda T: T.tensordot(X(T, 3, 4), X(T, 4, 2, seed=1), 1)
    ops["kron"] = lambda T: T.kron(X(T, 2, 2), X(T, 2, 2, seed=1))
    ops["linear"] = lambda T: T.nn.functional.linear(X(T, 3, 4), X(T, 2, 4, seed=1), X(T, 2, seed=2))
    ops["linear_nob"] = lambda T: T.nn.functional.linear(X(T, 3, 4), X(T, 2, 4, seed=1))
    ops["linear_3d"] = lambda T: T.nn.functional.linear(X(T, 2, 3, 4), X(T, 2, 4, seed=1), X(T, 2, seed=2))
    ops["bilinear"] = lambda T: T.nn.functional.bilinear(X(T, 3, 4), X(T, 3, 2, seed=1), X(T, 5, 4, 2, seed=2))
    ops["cross"] = lambda T: T.linalg.cross(X(T, 2, 3), X(T, 2, 3, seed=1))
    ops["trace"] = lambda T: X(T, 3, 4).trace()
    ops["det"] = lambda T: T.linalg.det(X(T, 3, 3) + T.eye(3) * 3)
    ops["inv"] = lambda T: T.linalg.inv(X(T, 3, 3) + T.eye(3) * 3)
    ops["cholesky"] = lambda T: T.linalg.cholesky((lambda a: a @ a.mT + T.eye(3))(X(T, 3, 3)))
    ops["matrix_power"] = lambda T: T.linalg.matrix_power(X(T, 3, 3), 3)
    ops["cdist"] = lambda T: T.cdist(X(T, 3, 4), X(T, 2, 4, seed=1))
    ops["cosine_similarity"] = lambda T: T.nn.functional.cosine_similarity(X(T, 3, 4), X(T, 3, 4, seed=1))
    ops["pairwise_distance"] = lambda T: T.nn.functional.pairwise_distance(X(T, 3, 4), X(T, 3, 4, seed=1))
    ops["normalize"] = lambda T: T.nn.functional.normalize(X(T, 3, 4), dim=1)
    # losses
    ops["mse"] = lambda T: T.nn.functional.mse_loss(X(T, 3, 4), X(T, 3, 4, seed=1, rg=False))
    ops["mse_none"] = lambda T: T.nn.functional.mse_loss(X(T, 3, 4), X(T, 3, 4, seed=1), reduction="none")
    ops["mse_sum"] = lambda T: T.nn.functional.mse_loss(X(T, 3, 4), X(T, 3, 4, seed=1), reduction="sum")
    ops["l1"] = lambda T: T.nn.functional.l1_loss(X(T, 3, 4), X(T, 3, 4, seed=1))
    ops["smooth_l1"] = lambda T: T.nn.functional.smooth_l1_loss(X(T, 3, 4), X(T, 3, 4, seed=1), beta=0.5)
    ops["huber"] = lambda T: T.nn.functional.huber_loss(X(T, 3, 4), X(T, 3, 4, seed=1), delta=0.5)
    ops["bce"] = lambda T: T.nn.functional.binary_cross_entropy(X(T, 3, 4, pos=True).detach().div(5).requires_grad_(), X(T, 3, 4, seed=1, pos=True).detach().div(5))
    ops["bce_logits"] = lambda T: T.nn.functional.binary_cross_entropy_with_logits(X(T, 3, 4), X(T, 3, 4, seed=1, pos=True).detach().div(5))
    ops["bce_logits_pw"] = lambda T: T.nn.functional.binary_cross_entropy_with_logits(X(T, 3, 4), X(T, 3, 4, seed=1, pos=True).detach().div(5), pos_weight=X(T, 4, rg=False, pos=True))
    ops["nll"] = lambda T: T.nn.functional.nll_loss(X(T, 3, 4), T.tensor([0, 3, 1]))
    ops["nll_w"] = lambda T: T.nn.functional.nll_loss(X(T, 3, 4), T.tensor([0, 3, 1]), weight=X(T, 4, pos=True, rg=False), ignore_index=1, reduction="sum")
    ops["nll2d"] = lambda T: T.nn.functional.nll_loss(X(T, 2, 3, 2, 2), T.tensor([[[0, 1], [2, 1]], [[0, 0], [1, 2]]]))
    ops["cross_entropy"] = lambda T: T.nn.functional.cross_entropy(X(T, 3, 4), T.tensor([0, 3, 1]))
    ops["cross_entropy_ls"] = lambda T: T.nn.functional.cross_entropy(X(T, 3, 4), T.tensor([0, 3, 1]), label_smoothing=0.1)
    ops["cross_entropy_prob"] = lambda T: T.nn.functional.cross_entropy(X(T, 3, 4), X(T, 3, 4, seed=1, rg=False).softmax(1))
    ops["kl_div"] = lambda T: T.nn.functional.kl_div(X(T, 3, 4), X(T, 3, 4, seed=1, pos=True), reduction="batchmean")
    ops["kl_div_log"] = lambda T: T.nn.functional.kl_div(X(T, 3, 4), X(T, 3, 4, seed=1), reduction="sum", log_target=True)
    ops["soft_margin"] = lambda T: T.nn.functional.soft_margin_loss(X(T, 3, 4), X(T, 3, 4, seed=1).sign().detach())
    ops["multilabel_soft_margin"] = lambda T: T.nn.functional.multilabel_soft_margin_loss(X(T, 3, 4), (X(T, 3, 4, seed=1) > 0).float())
    ops["multi_margin"] = lambda T: T.nn.functional.multi_margin_loss(X(T, 3, 4), T.tensor([0, 3, 1]))
    ops["multilabel_margin"] = lambda T: T.nn.functional.multilabel_margin_loss(X(T, 3, 4), T.tensor([[0, 3, -1, 0], [1, -1, 0, 0], [2, 1, -1, 0]]))
    ops["hinge_embedding"] = lambda T: T.nn.functional.hinge_embedding_loss(X(T, 3, 4), X(T, 3, 4, seed=1).sign().detach())
    ops["margin_ranking"] = lambda T: T.nn.functional.margin_ranking_loss(X(T, 4), X(T, 4, seed=1), T.tensor([1., -1., 1., -1.]))
    ops["poisson_nll"] = lambda T: T.nn.functional.poisson_nll_loss(X(T, 3, 4), X(T, 3, 4, seed=1, pos=True))
    ops["gaussian_nll"] = lambda T: T.nn.functional.gaussian_nll_loss(X(T, 3, 4), X(T, 3, 4, seed=1), X(T, 3, 4, seed=2, pos=True))
    ops["cosine_embedding"] = lambda T: T.nn.functional.cosine_embedding_loss(X(T, 3, 4), X(T, 3, 4, seed=1), T.tensor([1., -1., 1.]))
    ops["triplet"] = lambda T: T.nn.functional.triplet_margin_loss(X(T, 3, 4), X(T, 3, 4, seed=1), X(T, 3, 4, seed=2))
    ops["ctc"] = lambda T: T.nn.functional.ctc_loss(X(T, 5, 2, 4).log_softmax(2), T.tensor([[1, 2], [3, 1]]), T.tensor([5, 5]), T.tensor([2, 2]))
    # nn.functional
    ops["conv1d"] = lambda T: T.nn.functional.conv1d(X(T, 1, 2, 6), X(T, 3, 2, 3, seed=1), X(T, 3, seed=2), stride=2, padding=1)
    ops["conv2d"] = lambda T: T.nn.functional.conv2d(X(T, 1, 2, 5, 5), X(T, 3, 2, 3, 3, seed=1), X(T, 3, seed=2), padding=1, dilation=1, groups=1)
    ops["conv2d_g"] = lambda T: T.nn.functional.conv2d(X(T, 1, 2, 5, 5), X(T, 2, 1, 3, 3, seed=1), None, stride=(2, 1), groups=2)
    ops["conv_transpose2d"] = lambda T: T.nn.functional.conv_transpose2d(X(T, 1, 2, 3, 3), X(T, 2, 3, 3, 3, seed=1), stride=2)
    ops["max_pool2d"] = lambda T: T.nn.functional.max_pool2d(X(T, 1, 1, 4, 4), 2)
    ops["max_pool1d"] = lambda T: T.nn.functional.max_pool1d(X(T, 1, 2, 6), 3, 2, 1)
    ops["avg_pool2d"] = lambda T: T.nn.functional.avg_pool2d(X(T, 1, 1, 4, 4), 2, ceil_mode=True, count_include_pad=False)
    ops["avg_pool1d"] = lambda T: T.nn.functional.avg_pool1d(X(T, 1, 2, 6), 3, 2, 1)
    ops["adaptive_avg_pool2d"] = lambda T: T.nn.functional.adaptive_avg_pool2d(X(T, 1, 1, 4, 4), 2)
    ops["adaptive_max_pool2d"] = lambda T: T.nn.functional.adaptive_max_pool2d(X(T, 1, 1, 4, 4), 2)
    ops["layer_norm"] = lambda T: T.nn.functional.layer_norm(X(T, 3, 4), (4,), X(T, 4, seed=1), X(T, 4, seed=2))
    ops["layer_norm_nw"] = lambda T: T.nn.functional.layer_norm(X(T, 3, 4), (4,))
    ops["rms_norm"] = lambda T: T.nn.functional.rms_norm(X(T, 3, 4), (4,), X(T, 4, seed=1))
    ops["group_norm"] = lambda T: T.nn.functional.group_norm(X(T, 2, 4, 3), 2, X(T, 4, seed=1), X(T, 4, seed=2))
    ops["batch_norm"] = lambda T: T.nn.functional.batch_norm(X(T, 3, 4), T.zeros(4), T.ones(4), X(T, 4, seed=1), X(T, 4, seed=2), training=True)
    ops["batch_norm_eval"] = lambda T: T.nn.functional.batch_norm(X(T, 3, 4), T.zeros(4), T.ones(4), X(T, 4, seed=1), X(T, 4, seed=2), training=False)
    ops["instance_norm"] = lambda T: T.nn.functional.instance_norm(X(T, 2, 3, 4))
    ops["embedding"] = lambda T: T.nn.functional.embedding(T.tensor([[0, 2], [1, 0]]), X(T, 3, 4))
    ops["embedding_pad"] = lambda T: T.nn.functional.embedding(T.tensor([[0, 2], [1, 0]]), X(T, 3, 4), padding_idx=1, scale_grad_by_freq=True)
    ops["embedding_bag"] = lambda T: T.nn.functional.embedding_bag(T.tensor([0, 2, 1, 0]), X(T, 3, 4), T.tensor([0, 2]))
    ops["one_hot_mul"] = lambda T: T.nn.functional.one_hot(T.tensor([0, 2]), 3).float() * X(T, 3)
    ops["dropout_eval"] = lambda T: T.nn.functional.dropout(X(T, 3, 4), 0.5, training=False)
    ops["interp_nearest"] = lambda T: T.nn.functional.interpolate(X(T, 1, 1, 2, 2), scale_factor=2)
    ops["interp_bilinear"] = lambda T: T.nn.functional.interpolate(X(T, 1, 1, 2, 2), size=(3, 3), mode="bilinear", align_corners=False)
    ops["interp_linear"] = lambda T: T.nn.functional.interpolate(X(T, 1, 1, 3), size=5, mode="linear", align_corners=True)
    ops["pixel_shuffle"] = lambda T: T.nn.functional.pixel_shuffle(X(T, 1, 4, 2, 2), 2)
    ops["unfold_f"] = lambda T: T.nn.functional.unfold(X(T, 1, 1, 4, 4), 2)
    ops["fold_f"] = lambda T: T.nn.functional.fold(X(T, 1, 4, 4), (3, 3), 2)
    ops["sdpa"] = lambda T: T.nn.functional.scaled_dot_product_attention(X(T, 1, 3, 4), X(T, 1, 3, 4, seed=1), X(T, 1, 3, 4, seed=2))
    ops["grid_sample"] = lambda T: T.nn.functional.grid_sample(X(T, 1, 1, 3, 3), X(T, 1, 2, 2, 2, seed=1).detach().mul(0.5).requires_grad_(), align_corners=False)
    ops["affine_grid"] = lambda T: T.nn.functional.affine_grid(X(T, 1, 2, 3), (1, 1, 2, 2), align_corners=False)
    ops["local_response_norm"] = lambda T: T.nn.functional.local_response_norm(X(T, 1, 3, 2, 2), 2)
    ops["lp_pool"] = lambda T: T.nn.functional.lp_pool1d(X(T, 1, 2, 6, pos=True), 2, 2)
    ops["channel_shuffle"] = lambda T: T.nn.functional.channel_shuffle(X(T, 1, 4, 2, 2), 2)
    ops["logdet"] = lambda T: T.logdet(X(T, 3, 3) + T.eye(3) * 3)
    ops["polar"] = lambda T: T.polar(X(T, 3, pos=True), X(T, 3, seed=1)).abs()
    ops["complex"] = lambda T: T.complex(X(T, 3), X(T, 3, seed=1)).abs()
    ops["view_as_complex"] = lambda T: T.view_as_complex(X(T, 3, 2)).abs()
    ops["view_as_real"] = lambda T: T.view_as_real(T.complex(X(T, 3), X(T, 3, seed=1)))
    ops["inplace_mul"] = lambda T: X(T, 3, 4).clone().mul_(X(T, 4, seed=1))
    ops["inplace_add_s"] = lambda T: X(T, 3, 4).clone().add_(2.0)
    ops["inplace_view"] = lambda T: (lambda c: (c[1].mul_(2), c)[1])(X(T, 3, 4).clone())
    ops["inplace_exp"] = lambda T: X(T, 3, 4).clone().exp_()
    ops["inplace_clamp"] = lambda T: X(T, 3, 4).clone().clamp_(-0.3, 0.3)
    ops["copy_"] = lambda T: X(T, 3, 4).clone().copy_(X(T, 4, seed=1))
    ops["fill_"] = lambda T: X(T, 3, 4).clone().fill_(2.0)
    ops["zero_"] = lambda T: X(T, 3, 4).clone().zero_()
    ops["sum_to"] = lambda T: (X(T, 3, 4) + X(T, 1, 4, seed=1))
    ops["lerp_int"] = lambda T: X(T, 3, 4).float().abs().pow(X(T, 3, 4, seed=1))
    ops["special_xlog1py"] = lambda T: T.special.xlog1py(X(T, 3, 4), X(T, 3, 4, seed=1, pos=True))
    ops["polygamma"] = lambda T: T.polygamma(1, X(T, 3, 4, pos=True))
    ops["mvlgamma"] = lambda T: T.mvlgamma(X(T, 3, 4, pos=True) + 2, 2)
    ops["nan_to_num"] = lambda T: T.nan_to_num(X(T, 3, 4), 0.0, 1.0, -1.0)
    ops["cumsum_dtype"] = lambda T: X(T, 3, 4).cumsum(0, dtype=T.float64)
    ops["diff"] = lambda T: X(T, 3, 4).diff(dim=1)
    ops["std_correction"] = lambda T: X(T, 3, 4).std(correction=2)
    ops["aminmax"] = lambda T: T.aminmax(X(T, 3, 4), dim=1)[0]
    ops["renorm"] = lambda T: X(T, 3, 4).renorm(2, 0, 1.0)
    ops["frexp_mant"] = lambda T: X(T, 3, 4).clone()
    return ops


def _freed_reads(T, y):
    """Every _saved_*/_raw_saved_* of every node read after the graph is
    freed: a non-tensor value as it is, a tensor's error type or its being
    None, a raw object's being None."""
    import harness
    out = []
    nodes = [n for n, _ in harness.graph_bfs(y.grad_fn)]
    y.sum().backward() if y.dim() else y.backward()
    for node in nodes:
        row = []
        for n in sorted(n for n in dir(node) if n.startswith("_saved_") or n.startswith("_raw_saved_")):
            got = _d._err(lambda: getattr(node, n))
            if got[0] == "ok":
                v = got[1]
                got = ["ok", v is None] if n.startswith("_raw_saved_") or isinstance(v, T.Tensor) \
                    else ["ok", _d._saved_value(v, T)]
            else:
                got = got[:1]
            row.append([n] + got)
        out.append([type(node).__name__, row])
    return out


def _one(name):
    def run(T):
        f = _ops(T)[name]
        y = f(T)
        if isinstance(y, (tuple, list)):
            y = y[0]
        before = _d._saved_raw_graph(T, y)
        after = _freed_reads(T, y) if y.requires_grad and y.is_floating_point() else None
        return [before, after]
    run.__name__ = "saved_attrs_" + name
    run.__doc__ = f"grad_fn._saved_*/_raw_saved_* of the graph of the listed op {name!r}, before and after backward."
    return run


for _name in _ops(None):
    CASES["saved_attrs_" + _name] = _one(_name)


_MISSING_OP = "cyautograd has no such op (complex views/constructors, angle/conj/real, mvlgamma)"
_COMPOSITE = ("the op is a composite of other nodes here where torch records its own node "
              "(or torch's own composite records other nodes): the graph differs, not only the saved values")
_WRAPPED_DIM = ("a view node keeps the wrapped dim; torch's getter reads the negative dim as given, "
                "as its unsigned 64-bit pattern")
_P_AS_FLOAT = "the op converts p/ord to float before its node is made: torch's Scalar keeps the int given"
_NOT_KEPT = "the node does not keep an input torch saves (its formula here does not need it)"
KNOWN = {"saved_attrs_" + k: v for k, v in {
    "u_angle": _MISSING_OP, "u_real": _MISSING_OP, "polar": _MISSING_OP,
    "complex": _MISSING_OP, "view_as_complex": _MISSING_OP, "view_as_real": _MISSING_OP, "mvlgamma": _MISSING_OP,
    "softshrink": _COMPOSITE, "hardshrink": _COMPOSITE, "prelu": _COMPOSITE, "rrelu_eval": _COMPOSITE,
    "glu": _COMPOSITE, "pad_circular": _COMPOSITE, "kron": _COMPOSITE, "bilinear": _COMPOSITE,
    "cosine_similarity": _COMPOSITE, "pairwise_distance": _COMPOSITE, "nll2d": _COMPOSITE,
    "cross_entropy_ls": _COMPOSITE, "cross_entropy_prob": _COMPOSITE, "soft_margin": _COMPOSITE,
    "multi_margin": _COMPOSITE, "multilabel_margin": _COMPOSITE, "margin_ranking": _COMPOSITE,
    "cosine_embedding": _COMPOSITE, "triplet": _COMPOSITE, "rms_norm": _COMPOSITE, "embedding_bag": _COMPOSITE,
    "interp_nearest": _COMPOSITE, "interp_bilinear": _COMPOSITE, "interp_linear": _COMPOSITE,
    "pixel_shuffle": _COMPOSITE, "unfold_f": _COMPOSITE, "fold_f": _COMPOSITE, "sdpa": _COMPOSITE,
    "local_response_norm": _COMPOSITE, "channel_shuffle": _COMPOSITE,
    "sum_neg": _WRAPPED_DIM, "squeeze_dims": _WRAPPED_DIM, "inner": _WRAPPED_DIM, "tensordot": _WRAPPED_DIM,
    "cholesky": _WRAPPED_DIM, "cross": _WRAPPED_DIM, "max_pool1d": _WRAPPED_DIM, "avg_pool1d": _WRAPPED_DIM,
    "lp_pool": _WRAPPED_DIM,
    "linalg_vector_norm": _P_AS_FLOAT, "dist": _P_AS_FLOAT, "renorm": _P_AS_FLOAT, "normalize": _P_AS_FLOAT,
    "b_div_floor": "DivBackward2 (rounding_mode) is a zero-gradient node here: it saves neither operand nor the mode",
    "b_div_trunc_s": "DivBackward2 (rounding_mode) is a zero-gradient node here: it saves neither operand nor the mode",
    "index_add": _NOT_KEPT + " (source)", "index_copy": _NOT_KEPT + " (source)",
    "masked_select": _NOT_KEPT + " (self)", "take": _NOT_KEPT + " (self)",
    "index_put": "IndexPutBackward0's indices and accumulate are not exposed",
    "ctc": "CtcLossBackward0 exposes none of torch's saved fields (its log_alpha, result1, is not kept)",
    "addmm": "addmm's saved sizes/strides are read off its saved operands, so they do not outlive backward",
    "addbmm": "addbmm's saved argsizes are read off its saved operands, so they do not outlive backward",
}.items()}
