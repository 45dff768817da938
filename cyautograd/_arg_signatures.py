"""torch 2.13's argument-parser signatures, as its generated bindings declare
them (NOTE [ Argument parser errors ], cyautograd/_arg_parser.py): "name" for
torch.name, "Tensor.name" for the method, "nn.name" for torch._C._nn.name;
FUNCTIONAL maps cyautograd.nn.functional names to their binding; LINALG,
SPECIAL and FFT map cyautograd.<ns> names to theirs ("<ns>.<binding>").
Written by tools/gen_arg_signatures.py from torch; do not edit."""

SIGNATURES = {
    'Tensor._is_zerotensor': [
        '()',
    ],
    'Tensor.abs': [
        '()',
    ],
    'Tensor.abs_': [
        '()',
    ],
    'Tensor.absolute': [
        '()',
    ],
    'Tensor.absolute_': [
        '()',
    ],
    'Tensor.acos': [
        '()',
    ],
    'Tensor.acos_': [
        '()',
    ],
    'Tensor.acosh': [
        '()',
    ],
    'Tensor.acosh_': [
        '()',
    ],
    'Tensor.add': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar alpha, Tensor other)|deprecated',
    ],
    'Tensor.add_': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar alpha, Tensor other)|deprecated',
    ],
    'Tensor.addbmm': [
        '(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated',
        '(Scalar beta, Tensor batch1, Tensor batch2)|deprecated',
    ],
    'Tensor.addbmm_': [
        '(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated',
        '(Scalar beta, Tensor batch1, Tensor batch2)|deprecated',
    ],
    'Tensor.addcdiv': [
        '(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
        '(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
    ],
    'Tensor.addcdiv_': [
        '(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
        '(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
    ],
    'Tensor.addcmul': [
        '(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
        '(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
    ],
    'Tensor.addcmul_': [
        '(Tensor tensor1, Tensor tensor2, *, Scalar value=1)',
        '(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated',
    ],
    'Tensor.addmm': [
        '(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor mat1, Tensor mat2)|deprecated',
        '(Scalar beta, Tensor mat1, Tensor mat2)|deprecated',
    ],
    'Tensor.addmm_': [
        '(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor mat1, Tensor mat2)|deprecated',
        '(Scalar beta, Tensor mat1, Tensor mat2)|deprecated',
    ],
    'Tensor.addmv': [
        '(Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor mat, Tensor vec)|deprecated',
        '(Scalar beta, Tensor mat, Tensor vec)|deprecated',
    ],
    'Tensor.addmv_': [
        '(Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor mat, Tensor vec)|deprecated',
        '(Scalar beta, Tensor mat, Tensor vec)|deprecated',
    ],
    'Tensor.addr': [
        '(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor vec1, Tensor vec2)|deprecated',
        '(Scalar beta, Tensor vec1, Tensor vec2)|deprecated',
    ],
    'Tensor.addr_': [
        '(Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor vec1, Tensor vec2)|deprecated',
        '(Scalar beta, Tensor vec1, Tensor vec2)|deprecated',
    ],
    'Tensor.adjoint': [
        '()',
    ],
    'Tensor.all': [
        '()',
        '(IntArrayRef? dim=None, bool keepdim=False)',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.allclose': [
        '(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ],
    'Tensor.amax': [
        '(IntArrayRef[1] dim=None, bool keepdim=False)',
    ],
    'Tensor.amin': [
        '(IntArrayRef[1] dim=None, bool keepdim=False)',
    ],
    'Tensor.aminmax': [
        '(*, int64_t? dim=None, bool keepdim=False)',
    ],
    'Tensor.any': [
        '()',
        '(IntArrayRef? dim=None, bool keepdim=False)',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.arccos': [
        '()',
    ],
    'Tensor.arccos_': [
        '()',
    ],
    'Tensor.arccosh': [
        '()',
    ],
    'Tensor.arccosh_': [
        '()',
    ],
    'Tensor.arcsin': [
        '()',
    ],
    'Tensor.arcsin_': [
        '()',
    ],
    'Tensor.arcsinh': [
        '()',
    ],
    'Tensor.arcsinh_': [
        '()',
    ],
    'Tensor.arctan': [
        '()',
    ],
    'Tensor.arctan2': [
        '(Tensor other)',
    ],
    'Tensor.arctan2_': [
        '(Tensor other)',
    ],
    'Tensor.arctan_': [
        '()',
    ],
    'Tensor.arctanh': [
        '()',
    ],
    'Tensor.arctanh_': [
        '()',
    ],
    'Tensor.argmax': [
        '(int64_t? dim=None, bool keepdim=False)',
    ],
    'Tensor.argmin': [
        '(int64_t? dim=None, bool keepdim=False)',
    ],
    'Tensor.argsort': [
        '(*, bool stable, int64_t dim=-1, bool descending=False)',
        '(int64_t dim=-1, bool descending=False)',
    ],
    'Tensor.argwhere': [
        '()',
    ],
    'Tensor.as_strided': [
        '(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ],
    'Tensor.as_strided_': [
        '(SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ],
    'Tensor.as_strided_scatter': [
        '(Tensor src, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ],
    'Tensor.asin': [
        '()',
    ],
    'Tensor.asin_': [
        '()',
    ],
    'Tensor.asinh': [
        '()',
    ],
    'Tensor.asinh_': [
        '()',
    ],
    'Tensor.atan': [
        '()',
    ],
    'Tensor.atan2': [
        '(Tensor other)',
    ],
    'Tensor.atan2_': [
        '(Tensor other)',
    ],
    'Tensor.atan_': [
        '()',
    ],
    'Tensor.atanh': [
        '()',
    ],
    'Tensor.atanh_': [
        '()',
    ],
    'Tensor.baddbmm': [
        '(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated',
        '(Scalar beta, Tensor batch1, Tensor batch2)|deprecated',
    ],
    'Tensor.baddbmm_': [
        '(Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Scalar alpha, Tensor batch1, Tensor batch2)|deprecated',
        '(Scalar beta, Tensor batch1, Tensor batch2)|deprecated',
    ],
    'Tensor.bernoulli': [
        '(*, Generator? generator=None)',
        '(double p, *, Generator? generator=None)',
    ],
    'Tensor.bernoulli_': [
        '(Tensor p, *, Generator? generator=None)',
        '(double p=0.5, *, Generator? generator=None)',
    ],
    'Tensor.bincount': [
        '(Tensor? weights=None, SymInt minlength=0)',
    ],
    'Tensor.bitwise_and': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_and_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_left_shift': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_left_shift_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_not': [
        '()',
    ],
    'Tensor.bitwise_not_': [
        '()',
    ],
    'Tensor.bitwise_or': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_or_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_right_shift': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_right_shift_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_xor': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bitwise_xor_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.bmm': [
        '(Tensor mat2)',
    ],
    'Tensor.broadcast_to': [
        '(SymIntArrayRef size)',
    ],
    'Tensor.cauchy_': [
        '(double median=0, double sigma=1, *, Generator? generator=None)',
    ],
    'Tensor.ccol_indices': [
        '()',
    ],
    'Tensor.ceil': [
        '()',
    ],
    'Tensor.ceil_': [
        '()',
    ],
    'Tensor.cholesky': [
        '(bool upper=False)',
    ],
    'Tensor.cholesky_inverse': [
        '(bool upper=False)',
    ],
    'Tensor.cholesky_solve': [
        '(Tensor input2, bool upper=False)',
    ],
    'Tensor.chunk': [
        '(int64_t chunks, int64_t dim=0)',
    ],
    'Tensor.clamp': [
        '(Tensor? min=None, Tensor? max=None)',
        '(Scalar? min=None, Scalar? max=None)',
    ],
    'Tensor.clamp_': [
        '(Tensor? min=None, Tensor? max=None)',
        '(Scalar? min=None, Scalar? max=None)',
    ],
    'Tensor.clamp_max': [
        '(Tensor max)',
        '(Scalar max)',
    ],
    'Tensor.clamp_max_': [
        '(Tensor max)',
        '(Scalar max)',
    ],
    'Tensor.clamp_min': [
        '(Tensor min)',
        '(Scalar min)',
    ],
    'Tensor.clamp_min_': [
        '(Tensor min)',
        '(Scalar min)',
    ],
    'Tensor.clip': [
        '(Tensor? min=None, Tensor? max=None)',
        '(Scalar? min=None, Scalar? max=None)',
    ],
    'Tensor.clip_': [
        '(Tensor? min=None, Tensor? max=None)',
        '(Scalar? min=None, Scalar? max=None)',
    ],
    'Tensor.clone': [
        '(*, MemoryFormat? memory_format=None)',
    ],
    'Tensor.coalesce': [
        '()',
    ],
    'Tensor.col_indices': [
        '()',
    ],
    'Tensor.conj': [
        '()',
    ],
    'Tensor.conj_physical': [
        '()',
    ],
    'Tensor.conj_physical_': [
        '()',
    ],
    'Tensor.contiguous': [
        '(*, MemoryFormat memory_format=contiguous_format)',
    ],
    'Tensor.copy_': [
        '(Tensor other, bool non_blocking=False)',
        '(Tensor other, bool async=False)|deprecated',
    ],
    'Tensor.copysign': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.copysign_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.corrcoef': [
        '()',
    ],
    'Tensor.cos': [
        '()',
    ],
    'Tensor.cos_': [
        '()',
    ],
    'Tensor.cosh': [
        '()',
    ],
    'Tensor.cosh_': [
        '()',
    ],
    'Tensor.count_nonzero': [
        '(int64_t? dim=None)',
        '(IntArrayRef dim)',
    ],
    'Tensor.cov': [
        '(*, int64_t correction=1, Tensor? fweights=None, Tensor? aweights=None)',
    ],
    'Tensor.cross': [
        '(Tensor other, int64_t? dim=None)',
    ],
    'Tensor.crow_indices': [
        '()',
    ],
    'Tensor.cuda': [
        '(Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)',
        '(Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated',
    ],
    'Tensor.cummax': [
        '(int64_t dim)',
    ],
    'Tensor.cummin': [
        '(int64_t dim)',
    ],
    'Tensor.cumprod': [
        '(int64_t dim, *, ScalarType? dtype=None)',
    ],
    'Tensor.cumprod_': [
        '(int64_t dim, *, ScalarType? dtype=None)',
    ],
    'Tensor.cumsum': [
        '(int64_t dim, *, ScalarType? dtype=None)',
    ],
    'Tensor.cumsum_': [
        '(int64_t dim, *, ScalarType? dtype=None)',
    ],
    'Tensor.deg2rad': [
        '()',
    ],
    'Tensor.deg2rad_': [
        '()',
    ],
    'Tensor.dense_dim': [
        '()',
    ],
    'Tensor.det': [
        '()',
    ],
    'Tensor.detach': [
        '()',
    ],
    'Tensor.detach_': [
        '()',
    ],
    'Tensor.diag': [
        '(int64_t diagonal=0)',
    ],
    'Tensor.diag_embed': [
        '(int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)',
    ],
    'Tensor.diagflat': [
        '(int64_t offset=0)',
    ],
    'Tensor.diagonal': [
        '(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ],
    'Tensor.diagonal_scatter': [
        '(Tensor src, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ],
    'Tensor.diff': [
        '(int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None)',
    ],
    'Tensor.digamma': [
        '()',
    ],
    'Tensor.digamma_': [
        '()',
    ],
    'Tensor.dist': [
        '(Tensor other, Scalar p=2)',
    ],
    'Tensor.div': [
        '(Tensor other)',
        '(Tensor other, *, c10::string_view? rounding_mode)',
        '(Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'Tensor.div_': [
        '(Tensor other)',
        '(Tensor other, *, c10::string_view? rounding_mode)',
        '(Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'Tensor.divide': [
        '(Tensor other)',
        '(Tensor other, *, c10::string_view? rounding_mode)',
        '(Scalar other)',
        '(Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'Tensor.divide_': [
        '(Tensor other)',
        '(Tensor other, *, c10::string_view? rounding_mode)',
        '(Scalar other)',
        '(Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'Tensor.dot': [
        '(Tensor tensor)',
    ],
    'Tensor.dsplit': [
        '(int64_t sections)',
        '(IntArrayRef indices)',
    ],
    'Tensor.eq': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.eq_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.equal': [
        '(Tensor other)',
    ],
    'Tensor.erf': [
        '()',
    ],
    'Tensor.erf_': [
        '()',
    ],
    'Tensor.erfc': [
        '()',
    ],
    'Tensor.erfc_': [
        '()',
    ],
    'Tensor.erfinv': [
        '()',
    ],
    'Tensor.erfinv_': [
        '()',
    ],
    'Tensor.exp': [
        '()',
    ],
    'Tensor.exp2': [
        '()',
    ],
    'Tensor.exp2_': [
        '()',
    ],
    'Tensor.exp_': [
        '()',
    ],
    'Tensor.expand': [
        '(SymIntArrayRef size, *, bool implicit=False)',
    ],
    'Tensor.expand_as': [
        '(Tensor other)',
    ],
    'Tensor.expm1': [
        '()',
    ],
    'Tensor.expm1_': [
        '()',
    ],
    'Tensor.exponential_': [
        '(double lambd=1, *, Generator? generator=None)',
    ],
    'Tensor.fill_': [
        '(Tensor value)',
        '(Scalar value)',
    ],
    'Tensor.fill_diagonal_': [
        '(Scalar fill_value, bool wrap=False)',
    ],
    'Tensor.fix': [
        '()',
    ],
    'Tensor.fix_': [
        '()',
    ],
    'Tensor.flatten': [
        '(int64_t start_dim=0, int64_t end_dim=-1)',
    ],
    'Tensor.flip': [
        '(IntArrayRef dims)',
    ],
    'Tensor.fliplr': [
        '()',
    ],
    'Tensor.flipud': [
        '()',
    ],
    'Tensor.float_power': [
        '(Tensor exponent)',
        '(Scalar exponent)',
    ],
    'Tensor.float_power_': [
        '(Tensor exponent)',
        '(Scalar exponent)',
    ],
    'Tensor.floor': [
        '()',
    ],
    'Tensor.floor_': [
        '()',
    ],
    'Tensor.floor_divide': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.floor_divide_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.fmax': [
        '(Tensor other)',
    ],
    'Tensor.fmin': [
        '(Tensor other)',
    ],
    'Tensor.fmod': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.fmod_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.frac': [
        '()',
    ],
    'Tensor.frac_': [
        '()',
    ],
    'Tensor.frexp': [
        '()',
    ],
    'Tensor.gather': [
        '(int64_t dim, Tensor index, *, bool sparse_grad=False)',
    ],
    'Tensor.gcd': [
        '(Tensor other)',
    ],
    'Tensor.gcd_': [
        '(Tensor other)',
    ],
    'Tensor.ge': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.ge_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.geometric_': [
        '(double p, *, Generator? generator=None)',
    ],
    'Tensor.geqrf': [
        '()',
    ],
    'Tensor.ger': [
        '(Tensor vec2)',
    ],
    'Tensor.greater': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.greater_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.greater_equal': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.greater_equal_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.gt': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.gt_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.hardshrink': [
        '(Scalar lambd=0.5)',
    ],
    'Tensor.heaviside': [
        '(Tensor values)',
    ],
    'Tensor.heaviside_': [
        '(Tensor values)',
    ],
    'Tensor.histc': [
        '(int64_t bins=100, Scalar min=0, Scalar max=0)',
    ],
    'Tensor.histogram': [
        '(Tensor bins, *, Tensor? weight=None, bool density=False)',
        '(int64_t bins=100, *, ArrayRef<double>? range=None, Tensor? weight=None, bool density=False)',
    ],
    'Tensor.hsplit': [
        '(int64_t sections)',
        '(IntArrayRef indices)',
    ],
    'Tensor.hypot': [
        '(Tensor other)',
    ],
    'Tensor.hypot_': [
        '(Tensor other)',
    ],
    'Tensor.i0': [
        '()',
    ],
    'Tensor.i0_': [
        '()',
    ],
    'Tensor.igamma': [
        '(Tensor other)',
    ],
    'Tensor.igamma_': [
        '(Tensor other)',
    ],
    'Tensor.igammac': [
        '(Tensor other)',
    ],
    'Tensor.igammac_': [
        '(Tensor other)',
    ],
    'Tensor.index_add': [
        '(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)',
    ],
    'Tensor.index_add_': [
        '(int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)',
    ],
    'Tensor.index_copy': [
        '(int64_t dim, Tensor index, Tensor source)',
    ],
    'Tensor.index_copy_': [
        '(int64_t dim, Tensor index, Tensor source)',
    ],
    'Tensor.index_fill': [
        '(int64_t dim, Tensor index, Tensor value)',
        '(int64_t dim, Tensor index, Scalar value)',
    ],
    'Tensor.index_fill_': [
        '(int64_t dim, Tensor index, Tensor value)',
        '(int64_t dim, Tensor index, Scalar value)',
    ],
    'Tensor.index_put': [
        '(c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ],
    'Tensor.index_put_': [
        '(c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ],
    'Tensor.index_reduce': [
        '(int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, bool include_self=True)',
    ],
    'Tensor.index_reduce_': [
        '(int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, bool include_self=True)',
    ],
    'Tensor.index_select': [
        '(int64_t dim, Tensor index)',
    ],
    'Tensor.indices': [
        '()',
    ],
    'Tensor.inner': [
        '(Tensor other)',
    ],
    'Tensor.inverse': [
        '()',
    ],
    'Tensor.is_coalesced': [
        '()',
    ],
    'Tensor.is_complex': [
        '()',
    ],
    'Tensor.is_conj': [
        '()',
    ],
    'Tensor.is_contiguous': [
        '(*, MemoryFormat memory_format=contiguous_format)',
    ],
    'Tensor.is_distributed': [
        '()',
    ],
    'Tensor.is_floating_point': [
        '()',
    ],
    'Tensor.is_inference': [
        '()',
    ],
    'Tensor.is_neg': [
        '()',
    ],
    'Tensor.is_nonzero': [
        '()',
    ],
    'Tensor.is_pinned': [
        '(Device? device=None)',
    ],
    'Tensor.is_same_size': [
        '(Tensor other)',
    ],
    'Tensor.is_set_to': [
        '(Tensor tensor)',
    ],
    'Tensor.is_signed': [
        '()',
    ],
    'Tensor.isclose': [
        '(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ],
    'Tensor.isfinite': [
        '()',
    ],
    'Tensor.isinf': [
        '()',
    ],
    'Tensor.isnan': [
        '()',
    ],
    'Tensor.isneginf': [
        '()',
    ],
    'Tensor.isposinf': [
        '()',
    ],
    'Tensor.isreal': [
        '()',
    ],
    'Tensor.kron': [
        '(Tensor other)',
    ],
    'Tensor.kthvalue': [
        '(SymInt k, int64_t dim=-1, bool keepdim=False)',
    ],
    'Tensor.lcm': [
        '(Tensor other)',
    ],
    'Tensor.lcm_': [
        '(Tensor other)',
    ],
    'Tensor.ldexp': [
        '(Tensor other)',
    ],
    'Tensor.ldexp_': [
        '(Tensor other)',
    ],
    'Tensor.le': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.le_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.lerp': [
        '(Tensor end, Tensor weight)',
        '(Tensor end, Scalar weight)',
    ],
    'Tensor.lerp_': [
        '(Tensor end, Tensor weight)',
        '(Tensor end, Scalar weight)',
    ],
    'Tensor.less': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.less_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.less_equal': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.less_equal_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.lgamma': [
        '()',
    ],
    'Tensor.lgamma_': [
        '()',
    ],
    'Tensor.log': [
        '()',
    ],
    'Tensor.log10': [
        '()',
    ],
    'Tensor.log10_': [
        '()',
    ],
    'Tensor.log1p': [
        '()',
    ],
    'Tensor.log1p_': [
        '()',
    ],
    'Tensor.log2': [
        '()',
    ],
    'Tensor.log2_': [
        '()',
    ],
    'Tensor.log_': [
        '()',
    ],
    'Tensor.log_normal_': [
        '(double mean=1, double std=2, *, Generator? generator=None)',
    ],
    'Tensor.log_softmax': [
        '(int64_t dim, ScalarType? dtype=None)',
    ],
    'Tensor.logaddexp': [
        '(Tensor other)',
    ],
    'Tensor.logaddexp2': [
        '(Tensor other)',
    ],
    'Tensor.logcumsumexp': [
        '(int64_t dim)',
    ],
    'Tensor.logdet': [
        '()',
    ],
    'Tensor.logical_and': [
        '(Tensor other)',
    ],
    'Tensor.logical_and_': [
        '(Tensor other)',
    ],
    'Tensor.logical_not': [
        '()',
    ],
    'Tensor.logical_not_': [
        '()',
    ],
    'Tensor.logical_or': [
        '(Tensor other)',
    ],
    'Tensor.logical_or_': [
        '(Tensor other)',
    ],
    'Tensor.logical_xor': [
        '(Tensor other)',
    ],
    'Tensor.logical_xor_': [
        '(Tensor other)',
    ],
    'Tensor.logit': [
        '(double? eps=None)',
    ],
    'Tensor.logit_': [
        '(double? eps=None)',
    ],
    'Tensor.logsumexp': [
        '(IntArrayRef[1] dim, bool keepdim=False)',
    ],
    'Tensor.lt': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.lt_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.lu_solve': [
        '(Tensor LU_data, Tensor LU_pivots)',
    ],
    'Tensor.masked_fill': [
        '(Tensor mask, Tensor value)',
        '(Tensor mask, Scalar value)',
    ],
    'Tensor.masked_fill_': [
        '(Tensor mask, Tensor value)',
        '(Tensor mask, Scalar value)',
    ],
    'Tensor.masked_scatter': [
        '(Tensor mask, Tensor source)',
    ],
    'Tensor.masked_scatter_': [
        '(Tensor mask, Tensor source)',
    ],
    'Tensor.masked_select': [
        '(Tensor mask)',
    ],
    'Tensor.matmul': [
        '(Tensor other)',
    ],
    'Tensor.matrix_exp': [
        '()',
    ],
    'Tensor.matrix_power': [
        '(int64_t n)',
    ],
    'Tensor.max': [
        '()',
        '(Tensor other)',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.maximum': [
        '(Tensor other)',
    ],
    'Tensor.mean': [
        '(*, ScalarType? dtype=None)',
        '(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ],
    'Tensor.median': [
        '()',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.min': [
        '()',
        '(Tensor other)',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.minimum': [
        '(Tensor other)',
    ],
    'Tensor.mm': [
        '(Tensor mat2)',
    ],
    'Tensor.mode': [
        '(int64_t dim=-1, bool keepdim=False)',
    ],
    'Tensor.moveaxis': [
        '(int64_t source, int64_t destination)',
        '(IntArrayRef source, IntArrayRef destination)',
    ],
    'Tensor.movedim': [
        '(int64_t source, int64_t destination)',
        '(IntArrayRef source, IntArrayRef destination)',
    ],
    'Tensor.msort': [
        '()',
    ],
    'Tensor.mul': [
        '(Tensor other)',
    ],
    'Tensor.mul_': [
        '(Tensor other)',
    ],
    'Tensor.multinomial': [
        '(SymInt num_samples, bool replacement=False, *, Generator? generator=None)',
    ],
    'Tensor.multiply': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.multiply_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.mv': [
        '(Tensor vec)',
    ],
    'Tensor.mvlgamma': [
        '(int64_t p)',
    ],
    'Tensor.mvlgamma_': [
        '(int64_t p)',
    ],
    'Tensor.nan_to_num': [
        '(double? nan=None, double? posinf=None, double? neginf=None)',
    ],
    'Tensor.nan_to_num_': [
        '(double? nan=None, double? posinf=None, double? neginf=None)',
    ],
    'Tensor.nanmean': [
        '(IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None)',
    ],
    'Tensor.nanmedian': [
        '()',
        '(int64_t dim, bool keepdim=False)',
    ],
    'Tensor.nanquantile': [
        '(Tensor q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear")',
        '(double q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear")',
    ],
    'Tensor.nansum': [
        '(IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None)',
    ],
    'Tensor.narrow': [
        '(int64_t dim, Tensor start, SymInt length)',
        '(int64_t dim, SymInt start, SymInt length)',
    ],
    'Tensor.narrow_copy': [
        '(int64_t dim, SymInt start, SymInt length)',
    ],
    'Tensor.ne': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.ne_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.neg': [
        '()',
    ],
    'Tensor.neg_': [
        '()',
    ],
    'Tensor.negative': [
        '()',
    ],
    'Tensor.negative_': [
        '()',
    ],
    'Tensor.new_empty': [
        '(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'Tensor.new_empty_strided': [
        '(SymIntArrayRef size, SymIntArrayRef stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'Tensor.new_full': [
        '(SymIntArrayRef size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'Tensor.new_ones': [
        '(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'Tensor.new_zeros': [
        '(SymIntArrayRef size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'Tensor.nextafter': [
        '(Tensor other)',
    ],
    'Tensor.nextafter_': [
        '(Tensor other)',
    ],
    'Tensor.nonzero': [
        '()',
        '(*, bool as_tuple)',
    ],
    'Tensor.nonzero_static': [
        '(*, SymInt size, int64_t fill_value=-1)',
    ],
    'Tensor.normal_': [
        '(double mean=0, double std=1, *, Generator? generator=None)',
    ],
    'Tensor.not_equal': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.not_equal_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.outer': [
        '(Tensor vec2)',
    ],
    'Tensor.permute': [
        '(IntArrayRef dims)',
    ],
    'Tensor.pin_memory': [
        '(Device? device=None)',
    ],
    'Tensor.pinverse': [
        '(double rcond=1e-15)',
    ],
    'Tensor.polygamma': [
        '(int64_t n)',
    ],
    'Tensor.polygamma_': [
        '(int64_t n)',
    ],
    'Tensor.positive': [
        '()',
    ],
    'Tensor.pow': [
        '(Tensor exponent)',
        '(Scalar exponent)',
    ],
    'Tensor.pow_': [
        '(Tensor exponent)',
        '(Scalar exponent)',
    ],
    'Tensor.prelu': [
        '(Tensor weight)',
    ],
    'Tensor.prod': [
        '(*, ScalarType? dtype=None)',
        '(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ],
    'Tensor.put': [
        '(Tensor index, Tensor source, bool accumulate=False)',
    ],
    'Tensor.put_': [
        '(Tensor index, Tensor source, bool accumulate=False)',
    ],
    'Tensor.qr': [
        '(bool some=True)',
    ],
    'Tensor.quantile': [
        '(Tensor q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear")',
        '(double q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear")',
    ],
    'Tensor.rad2deg': [
        '()',
    ],
    'Tensor.rad2deg_': [
        '()',
    ],
    'Tensor.random_': [
        '(*, Generator? generator=None)',
        '(int64_t from, int64_t? to, *, Generator? generator=None)',
        '(int64_t to, *, Generator? generator=None)',
    ],
    'Tensor.ravel': [
        '()',
    ],
    'Tensor.reciprocal': [
        '()',
    ],
    'Tensor.reciprocal_': [
        '()',
    ],
    'Tensor.relu': [
        '()',
    ],
    'Tensor.relu_': [
        '()',
    ],
    'Tensor.remainder': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.remainder_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.renorm': [
        '(Scalar p, int64_t dim, Scalar maxnorm)',
    ],
    'Tensor.renorm_': [
        '(Scalar p, int64_t dim, Scalar maxnorm)',
    ],
    'Tensor.repeat': [
        '(SymIntArrayRef repeats)',
    ],
    'Tensor.repeat_interleave': [
        '(Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)',
        '(SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)',
    ],
    'Tensor.requires_grad_': [
        '(bool requires_grad=True)',
    ],
    'Tensor.reshape': [
        '(SymIntArrayRef shape)',
    ],
    'Tensor.reshape_as': [
        '(Tensor other)',
    ],
    'Tensor.resize_': [
        '(SymIntArrayRef size, *, MemoryFormat? memory_format=None)',
    ],
    'Tensor.resize_as_': [
        '(Tensor the_template, *, MemoryFormat? memory_format=None)',
    ],
    'Tensor.resolve_conj': [
        '()',
    ],
    'Tensor.resolve_neg': [
        '()',
    ],
    'Tensor.retain_grad': [
        '()',
    ],
    'Tensor.roll': [
        '(SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)',
    ],
    'Tensor.rot90': [
        '(int64_t k=1, IntArrayRef dims={0,1})',
    ],
    'Tensor.round': [
        '()',
        '(*, int64_t decimals)',
    ],
    'Tensor.round_': [
        '()',
        '(*, int64_t decimals)',
    ],
    'Tensor.row_indices': [
        '()',
    ],
    'Tensor.rsqrt': [
        '()',
    ],
    'Tensor.rsqrt_': [
        '()',
    ],
    'Tensor.scatter': [
        '(int64_t dim, Tensor index, Tensor src)',
        '(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)',
        '(int64_t dim, Tensor index, Scalar value)',
        '(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)',
    ],
    'Tensor.scatter_': [
        '(int64_t dim, Tensor index, Tensor src)',
        '(int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce)',
        '(int64_t dim, Tensor index, Scalar value)',
        '(int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce)',
    ],
    'Tensor.scatter_add': [
        '(int64_t dim, Tensor index, Tensor src)',
    ],
    'Tensor.scatter_add_': [
        '(int64_t dim, Tensor index, Tensor src)',
    ],
    'Tensor.scatter_reduce': [
        '(int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True)',
    ],
    'Tensor.scatter_reduce_': [
        '(int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True)',
    ],
    'Tensor.select': [
        '(int64_t dim, SymInt index)',
    ],
    'Tensor.select_scatter': [
        '(Tensor src, int64_t dim, SymInt index)',
    ],
    'Tensor.sgn': [
        '()',
    ],
    'Tensor.sgn_': [
        '()',
    ],
    'Tensor.sigmoid': [
        '()',
    ],
    'Tensor.sigmoid_': [
        '()',
    ],
    'Tensor.sign': [
        '()',
    ],
    'Tensor.sign_': [
        '()',
    ],
    'Tensor.signbit': [
        '()',
    ],
    'Tensor.sin': [
        '()',
    ],
    'Tensor.sin_': [
        '()',
    ],
    'Tensor.sinc': [
        '()',
    ],
    'Tensor.sinc_': [
        '()',
    ],
    'Tensor.sinh': [
        '()',
    ],
    'Tensor.sinh_': [
        '()',
    ],
    'Tensor.slice_scatter': [
        '(Tensor src, int64_t dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1)',
    ],
    'Tensor.slogdet': [
        '()',
    ],
    'Tensor.softmax': [
        '(int64_t dim, ScalarType? dtype=None)',
    ],
    'Tensor.sort': [
        '(*, bool? stable, int64_t dim=-1, bool descending=False)',
        '(int64_t dim=-1, bool descending=False)',
    ],
    'Tensor.sparse_dim': [
        '()',
    ],
    'Tensor.split_with_sizes': [
        '(SymIntArrayRef split_sizes, int64_t dim=0)',
    ],
    'Tensor.sqrt': [
        '()',
    ],
    'Tensor.sqrt_': [
        '()',
    ],
    'Tensor.square': [
        '()',
    ],
    'Tensor.square_': [
        '()',
    ],
    'Tensor.squeeze': [
        '()',
        '(int64_t dim)',
        '(IntArrayRef dim)',
    ],
    'Tensor.squeeze_': [
        '()',
        '(int64_t dim)',
        '(IntArrayRef dim)',
    ],
    'Tensor.std': [
        '(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        '(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        '(bool unbiased=True)',
    ],
    'Tensor.sub': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar alpha, Tensor other)|deprecated',
    ],
    'Tensor.sub_': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar alpha, Tensor other)|deprecated',
    ],
    'Tensor.subtract': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar other, Scalar alpha=1)',
    ],
    'Tensor.subtract_': [
        '(Tensor other, *, Scalar alpha=1)',
        '(Scalar other, Scalar alpha=1)',
    ],
    'Tensor.sum': [
        '(*, ScalarType? dtype=None)',
        '(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)',
    ],
    'Tensor.sum_to_size': [
        '(SymIntArrayRef size)',
    ],
    'Tensor.svd': [
        '(bool some=True, bool compute_uv=True)',
    ],
    'Tensor.swapaxes': [
        '(int64_t axis0, int64_t axis1)',
    ],
    'Tensor.swapaxes_': [
        '(int64_t axis0, int64_t axis1)',
    ],
    'Tensor.swapdims': [
        '(int64_t dim0, int64_t dim1)',
    ],
    'Tensor.swapdims_': [
        '(int64_t dim0, int64_t dim1)',
    ],
    'Tensor.t': [
        '()',
    ],
    'Tensor.t_': [
        '()',
    ],
    'Tensor.take': [
        '(Tensor index)',
    ],
    'Tensor.take_along_dim': [
        '(Tensor indices, int64_t? dim=None)',
    ],
    'Tensor.tan': [
        '()',
    ],
    'Tensor.tan_': [
        '()',
    ],
    'Tensor.tanh': [
        '()',
    ],
    'Tensor.tanh_': [
        '()',
    ],
    'Tensor.tensor_split': [
        '(SymIntArrayRef indices, int64_t dim=0)',
        '(Tensor tensor_indices_or_sections, int64_t dim=0)',
        '(SymInt sections, int64_t dim=0)',
    ],
    'Tensor.tile': [
        '(SymIntArrayRef dims)',
    ],
    'Tensor.to': [
        '(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
        '(ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
        '(Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)',
    ],
    'Tensor.to_dense': [
        '(ScalarType? dtype=None, *, bool? masked_grad=None)',
    ],
    'Tensor.topk': [
        '(SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True)',
    ],
    'Tensor.trace': [
        '()',
    ],
    'Tensor.transpose': [
        '(int64_t dim0, int64_t dim1)',
    ],
    'Tensor.transpose_': [
        '(int64_t dim0, int64_t dim1)',
    ],
    'Tensor.triangular_solve': [
        '(Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False)',
    ],
    'Tensor.tril': [
        '(SymInt diagonal=0)',
    ],
    'Tensor.tril_': [
        '(SymInt diagonal=0)',
    ],
    'Tensor.triu': [
        '(SymInt diagonal=0)',
    ],
    'Tensor.triu_': [
        '(SymInt diagonal=0)',
    ],
    'Tensor.true_divide': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.true_divide_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.trunc': [
        '()',
    ],
    'Tensor.trunc_': [
        '()',
    ],
    'Tensor.type': [
        '(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)',
        '(PyObject* dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|deprecated',
    ],
    'Tensor.type_as': [
        '(Tensor other)',
    ],
    'Tensor.unbind': [
        '(int64_t dim=0)',
    ],
    'Tensor.unfold': [
        '(int64_t dimension, int64_t size, int64_t step)',
    ],
    'Tensor.uniform_': [
        '(double from=0, double to=1, *, Generator? generator=None)',
    ],
    'Tensor.unsafe_chunk': [
        '(int64_t chunks, int64_t dim=0)',
    ],
    'Tensor.unsafe_split': [
        '(SymInt split_size, int64_t dim=0)',
    ],
    'Tensor.unsafe_split_with_sizes': [
        '(SymIntArrayRef split_sizes, int64_t dim=0)',
    ],
    'Tensor.unsqueeze': [
        '(int64_t dim)',
    ],
    'Tensor.unsqueeze_': [
        '(int64_t dim)',
    ],
    'Tensor.values': [
        '()',
    ],
    'Tensor.var': [
        '(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        '(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        '(bool unbiased=True)',
    ],
    'Tensor.vdot': [
        '(Tensor other)',
    ],
    'Tensor.view': [
        '(ScalarType dtype)',
        '(SymIntArrayRef size)',
    ],
    'Tensor.view_as': [
        '(Tensor other)',
    ],
    'Tensor.vsplit': [
        '(int64_t sections)',
        '(IntArrayRef indices)',
    ],
    'Tensor.where': [
        '(Tensor condition, Tensor other)',
        '(Tensor condition, Scalar other)',
    ],
    'Tensor.xlogy': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.xlogy_': [
        '(Tensor other)',
        '(Scalar other)',
    ],
    'Tensor.zero_': [
        '()',
    ],
    '_VF.split': [
        '(Tensor input, SymInt split_size, int64_t dim=0)',
        '(Tensor input, SymIntArrayRef split_size, int64_t dim=0)',
    ],
    '_unique2': [
        '(Tensor input, bool sorted=True, bool return_inverse=False, bool return_counts=False)',
    ],
    'abs': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'abs_': [
        '(Tensor input)',
    ],
    'absolute': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'acos': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'acos_': [
        '(Tensor input)',
    ],
    'acosh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'acosh_': [
        '(Tensor input)',
    ],
    'adaptive_avg_pool1d': [
        '(Tensor input, IntArrayRef[1] output_size)',
    ],
    'adaptive_max_pool1d': [
        '(Tensor input, IntArrayRef[1] output_size)',
    ],
    'add': [
        '(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
        '(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated',
    ],
    'addbmm': [
        '(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated',
        '(Scalar beta, Tensor input, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated',
    ],
    'addcdiv': [
        '(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)',
        '(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated',
    ],
    'addcmul': [
        '(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)',
        '(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2, *, Tensor out=None)|deprecated',
    ],
    'addmm': [
        '(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor mat1, Tensor mat2, *, Tensor out=None)|deprecated',
        '(Scalar beta, Tensor input, Tensor mat1, Tensor mat2, *, Tensor out=None)|deprecated',
    ],
    'addmv': [
        '(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor mat, Tensor vec, *, Tensor out=None)|deprecated',
        '(Scalar beta, Tensor input, Tensor mat, Tensor vec, *, Tensor out=None)|deprecated',
    ],
    'addmv_': [
        '(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor mat, Tensor vec)|deprecated',
        '(Scalar beta, Tensor input, Tensor mat, Tensor vec)|deprecated',
    ],
    'addr': [
        '(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor vec1, Tensor vec2, *, Tensor out=None)|deprecated',
        '(Scalar beta, Tensor input, Tensor vec1, Tensor vec2, *, Tensor out=None)|deprecated',
    ],
    'adjoint': [
        '(Tensor input)',
    ],
    'affine_grid_generator': [
        '(Tensor theta, SymIntArrayRef size, bool align_corners)',
    ],
    'alias_copy': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'all': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)',
    ],
    'allclose': [
        '(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ],
    'alpha_dropout': [
        '(Tensor input, double p, bool train)',
    ],
    'alpha_dropout_': [
        '(Tensor input, double p, bool train)',
    ],
    'amax': [
        '(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)',
    ],
    'amin': [
        '(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)',
    ],
    'aminmax': [
        '(Tensor input, *, int64_t? dim=None, bool keepdim=False, TensorList[2] out=None)',
    ],
    'any': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, IntArrayRef? dim=None, bool keepdim=False, *, Tensor out=None)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)',
    ],
    'arange': [
        '(Scalar end, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'arccos': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arccos_': [
        '(Tensor input)',
    ],
    'arccosh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arccosh_': [
        '(Tensor input)',
    ],
    'arcsin': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arcsin_': [
        '(Tensor input)',
    ],
    'arcsinh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arcsinh_': [
        '(Tensor input)',
    ],
    'arctan': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arctan2': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'arctan_': [
        '(Tensor input)',
    ],
    'arctanh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'arctanh_': [
        '(Tensor input)',
    ],
    'argmax': [
        '(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)',
    ],
    'argmin': [
        '(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)',
    ],
    'argsort': [
        '(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, Tensor out=None)',
        '(Tensor input, int64_t dim=-1, bool descending=False)',
    ],
    'argwhere': [
        '(Tensor input)',
    ],
    'as_strided': [
        '(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ],
    'as_strided_copy': [
        '(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None, *, Tensor out=None)',
    ],
    'as_strided_scatter': [
        '(Tensor input, Tensor src, SymIntArrayRef size, SymIntArrayRef stride, SymInt? storage_offset=None)',
    ],
    'asin': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'asin_': [
        '(Tensor input)',
    ],
    'asinh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'asinh_': [
        '(Tensor input)',
    ],
    'atan': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'atan2': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'atan_': [
        '(Tensor input)',
    ],
    'atanh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'atanh_': [
        '(Tensor input)',
    ],
    'atleast_1d': [
        '(Tensor input)',
        '(TensorList tensors)',
    ],
    'atleast_2d': [
        '(Tensor input)',
        '(TensorList tensors)',
    ],
    'atleast_3d': [
        '(Tensor input)',
        '(TensorList tensors)',
    ],
    'avg_pool1d': [
        '(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] stride=None, IntArrayRef[1] padding=0, bool ceil_mode=False, bool count_include_pad=True)',
    ],
    'baddbmm': [
        '(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Tensor input, Tensor batch1, Tensor batch2, ScalarType out_dtype, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)',
        '(Scalar beta, Tensor input, Scalar alpha, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated',
        '(Scalar beta, Tensor input, Tensor batch1, Tensor batch2, *, Tensor out=None)|deprecated',
    ],
    'bartlett_window': [
        '(int64_t window_length, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'batch_norm': [
        '(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, double momentum, double eps, bool cudnn_enabled)',
    ],
    'bernoulli': [
        '(Tensor input, *, Generator? generator=None, Tensor out=None)',
        '(Tensor input, double p, *, Generator? generator=None)',
    ],
    'bilinear': [
        '(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)',
    ],
    'binary_cross_entropy_with_logits': [
        '(Tensor input, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, int64_t reduction=at::Reduction::Mean)',
    ],
    'bincount': [
        '(Tensor input, Tensor? weights=None, SymInt minlength=0)',
    ],
    'bitwise_and': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'bitwise_left_shift': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'bitwise_not': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'bitwise_or': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'bitwise_right_shift': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'bitwise_xor': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'blackman_window': [
        '(int64_t window_length, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'bmm': [
        '(Tensor input, Tensor mat2, *, Tensor out=None)',
        '(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)',
    ],
    'broadcast_tensors': [
        '(TensorList tensors)',
    ],
    'broadcast_to': [
        '(Tensor input, SymIntArrayRef size)',
    ],
    'bucketize': [
        '(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor out=None)',
        '(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)',
    ],
    'can_cast': [
        '(ScalarType from_, ScalarType to)',
    ],
    'cat': [
        '(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ],
    'ceil': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'ceil_': [
        '(Tensor input)',
    ],
    'celu': [
        '(Tensor input, Scalar alpha=1.0)',
    ],
    'celu_': [
        '(Tensor input, Scalar alpha=1.0)',
    ],
    'channel_shuffle': [
        '(Tensor input, SymInt groups)',
    ],
    'cholesky': [
        '(Tensor input, bool upper=False, *, Tensor out=None)',
    ],
    'cholesky_inverse': [
        '(Tensor input, bool upper=False, *, Tensor out=None)',
    ],
    'cholesky_solve': [
        '(Tensor input, Tensor input2, bool upper=False, *, Tensor out=None)',
    ],
    'chunk': [
        '(Tensor input, int64_t chunks, int64_t dim=0)',
    ],
    'clamp': [
        '(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)',
        '(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)',
    ],
    'clamp_': [
        '(Tensor input, Tensor? min=None, Tensor? max=None)',
        '(Tensor input, Scalar? min=None, Scalar? max=None)',
    ],
    'clamp_max': [
        '(Tensor input, Tensor max, *, Tensor out=None)',
        '(Tensor input, Scalar max, *, Tensor out=None)',
    ],
    'clamp_max_': [
        '(Tensor input, Tensor max)',
        '(Tensor input, Scalar max)',
    ],
    'clamp_min': [
        '(Tensor input, Tensor min, *, Tensor out=None)',
        '(Tensor input, Scalar min, *, Tensor out=None)',
    ],
    'clamp_min_': [
        '(Tensor input, Tensor min)',
        '(Tensor input, Scalar min)',
    ],
    'clip': [
        '(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)',
        '(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)',
    ],
    'clip_': [
        '(Tensor input, Tensor? min=None, Tensor? max=None)',
        '(Tensor input, Scalar? min=None, Scalar? max=None)',
    ],
    'clone': [
        '(Tensor input, *, MemoryFormat? memory_format=None)',
    ],
    'column_stack': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'combinations': [
        '(Tensor input, int64_t r=2, bool with_replacement=False)',
    ],
    'concat': [
        '(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ],
    'concatenate': [
        '(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ],
    'conj': [
        '(Tensor input)',
    ],
    'conj_physical': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'conj_physical_': [
        '(Tensor input)',
    ],
    'constant_pad_nd': [
        '(Tensor input, SymIntArrayRef pad, Scalar value=0)',
    ],
    'conv1d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, SymIntArrayRef[1] padding=0, SymIntArrayRef[1] dilation=1, SymInt groups=1)',
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, c10::string_view padding="valid", SymIntArrayRef[1] dilation=1, SymInt groups=1)',
    ],
    'conv2d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, SymIntArrayRef[2] padding=0, SymIntArrayRef[2] dilation=1, SymInt groups=1)',
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, c10::string_view padding="valid", SymIntArrayRef[2] dilation=1, SymInt groups=1)',
    ],
    'conv3d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[3] stride=1, SymIntArrayRef[3] padding=0, SymIntArrayRef[3] dilation=1, SymInt groups=1)',
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[3] stride=1, c10::string_view padding="valid", SymIntArrayRef[3] dilation=1, SymInt groups=1)',
    ],
    'conv_tbc': [
        '(Tensor input, Tensor weight, Tensor bias, int64_t pad=0)',
    ],
    'conv_transpose1d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, SymIntArrayRef[1] padding=0, SymIntArrayRef[1] output_padding=0, SymInt groups=1, SymIntArrayRef[1] dilation=1)',
    ],
    'conv_transpose2d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, SymIntArrayRef[2] padding=0, SymIntArrayRef[2] output_padding=0, SymInt groups=1, SymIntArrayRef[2] dilation=1)',
    ],
    'conv_transpose3d': [
        '(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[3] stride=1, SymIntArrayRef[3] padding=0, SymIntArrayRef[3] output_padding=0, SymInt groups=1, SymIntArrayRef[3] dilation=1)',
    ],
    'convolution': [
        '(Tensor input, Tensor weight, Tensor? bias, SymIntArrayRef stride, SymIntArrayRef padding, SymIntArrayRef dilation, bool transposed, SymIntArrayRef output_padding, SymInt groups)',
    ],
    'copysign': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'corrcoef': [
        '(Tensor input)',
    ],
    'cos': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'cos_': [
        '(Tensor input)',
    ],
    'cosh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'cosh_': [
        '(Tensor input)',
    ],
    'cosine_embedding_loss': [
        '(Tensor input1, Tensor input2, Tensor target, double margin=0.0, int64_t reduction=at::Reduction::Mean)',
    ],
    'cosine_similarity': [
        '(Tensor x1, Tensor x2, int64_t dim=1, double eps=1e-08)',
    ],
    'count_nonzero': [
        '(Tensor input, int64_t? dim=None)',
        '(Tensor input, IntArrayRef dim)',
    ],
    'cov': [
        '(Tensor input, *, int64_t correction=1, Tensor? fweights=None, Tensor? aweights=None)',
    ],
    'cross': [
        '(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)',
    ],
    'ctc_loss': [
        '(Tensor log_probs, Tensor targets, IntArrayRef input_lengths, IntArrayRef target_lengths, int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=False)',
        '(Tensor log_probs, Tensor targets, Tensor input_lengths, Tensor target_lengths, int64_t blank=0, int64_t reduction=at::Reduction::Mean, bool zero_infinity=False)',
    ],
    'cummax': [
        '(Tensor input, int64_t dim, *, TensorList[2] out=None)',
    ],
    'cummin': [
        '(Tensor input, int64_t dim, *, TensorList[2] out=None)',
    ],
    'cumprod': [
        '(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'cumsum': [
        '(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'cumulative_trapezoid': [
        '(Tensor y, Tensor x, *, int64_t dim=-1)',
        '(Tensor y, *, Scalar dx=1, int64_t dim=-1)',
    ],
    'deg2rad': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'deg2rad_': [
        '(Tensor input)',
    ],
    'det': [
        '(Tensor input)',
    ],
    'detach': [
        '(Tensor input)',
    ],
    'detach_': [
        '(Tensor input)',
    ],
    'detach_copy': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'diag': [
        '(Tensor input, int64_t diagonal=0, *, Tensor out=None)',
    ],
    'diag_embed': [
        '(Tensor input, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)',
    ],
    'diagflat': [
        '(Tensor input, int64_t offset=0)',
    ],
    'diagonal': [
        '(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ],
    'diagonal_copy': [
        '(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1, *, Tensor out=None)',
    ],
    'diagonal_scatter': [
        '(Tensor input, Tensor src, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)',
    ],
    'diff': [
        '(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor out=None)',
    ],
    'digamma': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'dist': [
        '(Tensor input, Tensor other, Scalar p=2)',
    ],
    'div': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)',
        '(Tensor input, Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'divide': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)',
        '(Tensor input, Scalar other)',
        '(Tensor input, Scalar other, *, c10::string_view? rounding_mode)',
    ],
    'dot': [
        '(Tensor input, Tensor tensor, *, Tensor out=None)',
    ],
    'dropout': [
        '(Tensor input, double p, bool train)',
    ],
    'dropout_': [
        '(Tensor input, double p, bool train)',
    ],
    'dsplit': [
        '(Tensor input, int64_t sections)',
        '(Tensor input, IntArrayRef indices)',
    ],
    'dstack': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'einsum': [
        '(c10::string_view equation, TensorList tensors, *, IntArrayRef? path=None)',
    ],
    'embedding': [
        '(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False)',
    ],
    'embedding_bag': [
        '(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, int64_t mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, int64_t? padding_idx)',
        '(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq=False, int64_t mode=0, bool sparse=False, Tensor? per_sample_weights=None, bool include_last_offset=False)',
    ],
    'embedding_renorm_': [
        '(Tensor input, Tensor indices, double max_norm, double norm_type)',
    ],
    'empty': [
        '(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'empty_like': [
        '(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'empty_permuted': [
        '(SymIntArrayRef size, IntArrayRef physical_layout, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'empty_strided': [
        '(SymIntArrayRef size, SymIntArrayRef stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'eq': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'equal': [
        '(Tensor input, Tensor other)',
    ],
    'erf': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'erf_': [
        '(Tensor input)',
    ],
    'erfc': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'erfc_': [
        '(Tensor input)',
    ],
    'erfinv': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'exp': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'exp2': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'exp2_': [
        '(Tensor input)',
    ],
    'exp_': [
        '(Tensor input)',
    ],
    'expand_copy': [
        '(Tensor input, SymIntArrayRef size, *, bool implicit=False, Tensor out=None)',
    ],
    'expm1': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'expm1_': [
        '(Tensor input)',
    ],
    'eye': [
        '(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymInt n, SymInt m, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'feature_alpha_dropout': [
        '(Tensor input, double p, bool train)',
    ],
    'feature_alpha_dropout_': [
        '(Tensor input, double p, bool train)',
    ],
    'feature_dropout': [
        '(Tensor input, double p, bool train)',
    ],
    'feature_dropout_': [
        '(Tensor input, double p, bool train)',
    ],
    'fill': [
        '(Tensor input, Tensor value)',
        '(Tensor input, Scalar value)',
    ],
    'fill_': [
        '(Tensor input, Tensor value)',
        '(Tensor input, Scalar value)',
    ],
    'fix': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'fix_': [
        '(Tensor input)',
    ],
    'flatten': [
        '(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)',
    ],
    'flip': [
        '(Tensor input, IntArrayRef dims)',
    ],
    'fliplr': [
        '(Tensor input)',
    ],
    'flipud': [
        '(Tensor input)',
    ],
    'float_power': [
        '(Tensor input, Tensor exponent, *, Tensor out=None)',
        '(Scalar self, Tensor exponent, *, Tensor out=None)',
        '(Tensor input, Scalar exponent, *, Tensor out=None)',
    ],
    'floor': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'floor_': [
        '(Tensor input)',
    ],
    'floor_divide': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other)',
    ],
    'fmax': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'fmin': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'fmod': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'frac': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'frac_': [
        '(Tensor input)',
    ],
    'frexp': [
        '(Tensor input, *, TensorList[2] out=None)',
    ],
    'frobenius_norm': [
        '(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)',
    ],
    'from_file': [
        '(c10::string_view filename, bool? shared=None, int64_t? size=0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'full': [
        '(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'full_like': [
        '(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'gather': [
        '(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)',
    ],
    'gcd': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'gcd_': [
        '(Tensor input, Tensor other)',
    ],
    'ge': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'geqrf': [
        '(Tensor input, *, TensorList[2] out=None)',
    ],
    'ger': [
        '(Tensor input, Tensor vec2, *, Tensor out=None)',
    ],
    'gradient': [
        '(Tensor input, *, IntArrayRef dim, int64_t edge_order=1)',
        '(Tensor input, *, Scalar spacing, IntArrayRef dim, int64_t edge_order=1)',
        '(Tensor input, *, Scalar? spacing=None, int64_t? dim=None, int64_t edge_order=1)',
        '(Tensor input, *, ScalarList spacing, int64_t? dim=None, int64_t edge_order=1)',
        '(Tensor input, *, ScalarList spacing, IntArrayRef dim, int64_t edge_order=1)',
        '(Tensor input, *, TensorList spacing, int64_t? dim=None, int64_t edge_order=1)',
        '(Tensor input, *, TensorList spacing, IntArrayRef dim, int64_t edge_order=1)',
    ],
    'greater': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'greater_equal': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'grid_sampler': [
        '(Tensor input, Tensor grid, int64_t interpolation_mode, int64_t padding_mode, bool align_corners)',
    ],
    'grid_sampler_2d': [
        '(Tensor input, Tensor grid, int64_t interpolation_mode, int64_t padding_mode, bool align_corners)',
    ],
    'grid_sampler_3d': [
        '(Tensor input, Tensor grid, int64_t interpolation_mode, int64_t padding_mode, bool align_corners)',
    ],
    'group_norm': [
        '(Tensor input, int64_t num_groups, Tensor? weight=None, Tensor? bias=None, double eps=1e-05, bool cudnn_enabled=True)',
    ],
    'gru': [
        '(Tensor data, Tensor batch_sizes, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional)',
        '(Tensor input, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional, bool batch_first)',
    ],
    'gru_cell': [
        '(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None)',
    ],
    'gt': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'hamming_window': [
        '(int64_t window_length, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, double alpha, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, double alpha, double beta, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'hann_window': [
        '(int64_t window_length, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'hardshrink': [
        '(Tensor input, Scalar lambd=0.5, *, Tensor out=None)',
    ],
    'heaviside': [
        '(Tensor input, Tensor values, *, Tensor out=None)',
    ],
    'hinge_embedding_loss': [
        '(Tensor input, Tensor target, double margin=1.0, int64_t reduction=at::Reduction::Mean)',
    ],
    'histc': [
        '(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)',
    ],
    'histogram': [
        '(Tensor input, Tensor bins, *, Tensor? weight=None, bool density=False, TensorList[2] out=None)',
        '(Tensor input, int64_t bins=100, *, ArrayRef<double>? range=None, Tensor? weight=None, bool density=False, TensorList[2] out=None)',
    ],
    'histogramdd': [
        '(Tensor input, int64_t bins, ArrayRef<double>? range=None, Tensor? weight=None, bool density=False)',
        '(Tensor input, IntArrayRef bins, ArrayRef<double>? range=None, Tensor? weight=None, bool density=False)',
        '(Tensor input, TensorList bins, ArrayRef<double>? range=None, Tensor? weight=None, bool density=False)',
    ],
    'hsplit': [
        '(Tensor input, int64_t sections)',
        '(Tensor input, IntArrayRef indices)',
    ],
    'hstack': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'hypot': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'i0': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'i0_': [
        '(Tensor input)',
    ],
    'igamma': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'igammac': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'index_add': [
        '(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)',
    ],
    'index_copy': [
        '(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)',
    ],
    'index_fill': [
        '(Tensor input, int64_t dim, Tensor index, Tensor value)',
        '(Tensor input, int64_t dim, Tensor index, Scalar value)',
    ],
    'index_put': [
        '(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ],
    'index_put_': [
        '(Tensor input, c10::List<::std::optional<Tensor>> indices, Tensor values, bool accumulate=False)',
    ],
    'index_reduce': [
        '(Tensor input, int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, bool include_self=True, Tensor out=None)',
    ],
    'index_select': [
        '(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)',
    ],
    'inner': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'instance_norm': [
        '(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool use_input_stats, double momentum, double eps, bool cudnn_enabled)',
    ],
    'inverse': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'is_complex': [
        '(Tensor input)',
    ],
    'is_conj': [
        '(Tensor input)',
    ],
    'is_distributed': [
        '(Tensor input)',
    ],
    'is_floating_point': [
        '(Tensor input)',
    ],
    'is_inference': [
        '(Tensor input)',
    ],
    'is_neg': [
        '(Tensor input)',
    ],
    'is_nonzero': [
        '(Tensor input)',
    ],
    'is_same_size': [
        '(Tensor input, Tensor other)',
    ],
    'is_signed': [
        '(Tensor input)',
    ],
    'isclose': [
        '(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)',
    ],
    'isfinite': [
        '(Tensor input)',
    ],
    'isin': [
        '(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None)',
        '(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None)',
        '(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False, Tensor out=None)',
    ],
    'isinf': [
        '(Tensor input)',
    ],
    'isnan': [
        '(Tensor input)',
    ],
    'isneginf': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'isposinf': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'isreal': [
        '(Tensor input)',
    ],
    'kaiser_window': [
        '(int64_t window_length, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(int64_t window_length, bool periodic, double beta, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'kl_div': [
        '(Tensor input, Tensor target, int64_t reduction=at::Reduction::Mean, *, bool log_target=False)',
    ],
    'kron': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'kthvalue': [
        '(Tensor input, SymInt k, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'layer_norm': [
        '(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, Tensor? bias=None, double eps=1e-05, bool cudnn_enable=True)',
    ],
    'lcm': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'lcm_': [
        '(Tensor input, Tensor other)',
    ],
    'ldexp': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'ldexp_': [
        '(Tensor input, Tensor other)',
    ],
    'le': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'lerp': [
        '(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)',
        '(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)',
    ],
    'less': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'less_equal': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'lgamma': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'linalg.linalg_cholesky': [
        '(Tensor input, *, bool upper=False, Tensor out=None)',
    ],
    'linalg.linalg_cholesky_ex': [
        '(Tensor input, *, bool upper=False, bool check_errors=False, TensorList[2] out=None)',
    ],
    'linalg.linalg_cond': [
        '(Tensor input, Scalar? p=None, *, Tensor out=None)',
        '(Tensor input, c10::string_view p, *, Tensor out=None)',
    ],
    'linalg.linalg_cross': [
        '(Tensor input, Tensor other, *, int64_t dim=-1, Tensor out=None)',
    ],
    'linalg.linalg_det': [
        '(Tensor A, *, Tensor out=None)',
    ],
    'linalg.linalg_diagonal': [
        '(Tensor A, *, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)',
    ],
    'linalg.linalg_eigh': [
        '(Tensor input, c10::string_view UPLO="L", *, TensorList[2] out=None)',
    ],
    'linalg.linalg_eigvalsh': [
        '(Tensor input, c10::string_view UPLO="L", *, Tensor out=None)',
    ],
    'linalg.linalg_householder_product': [
        '(Tensor input, Tensor tau, *, Tensor out=None)',
    ],
    'linalg.linalg_inv': [
        '(Tensor A, *, Tensor out=None)',
    ],
    'linalg.linalg_inv_ex': [
        '(Tensor A, *, bool check_errors=False, TensorList[2] out=None)',
    ],
    'linalg.linalg_lstsq': [
        '(Tensor input, Tensor b, double? rcond=None, *, c10::string_view? driver=None, TensorList[4] out=None)',
    ],
    'linalg.linalg_lu': [
        '(Tensor A, *, bool pivot=True, TensorList[3] out=None)',
    ],
    'linalg.linalg_lu_factor': [
        '(Tensor A, *, bool pivot=True, TensorList[2] out=None)',
    ],
    'linalg.linalg_lu_factor_ex': [
        '(Tensor A, *, bool pivot=True, bool check_errors=False, TensorList[3] out=None)',
    ],
    'linalg.linalg_lu_solve': [
        '(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False, Tensor out=None)',
    ],
    'linalg.linalg_matmul': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'linalg.linalg_matrix_exp': [
        '(Tensor input)',
    ],
    'linalg.linalg_matrix_norm': [
        '(Tensor input, Scalar ord, IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
        '(Tensor input, c10::string_view ord="fro", IntArrayRef dim={-2,-1}, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'linalg.linalg_matrix_power': [
        '(Tensor input, int64_t n, *, Tensor out=None)',
    ],
    'linalg.linalg_matrix_rank': [
        '(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor out=None)',
        '(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)',
        '(Tensor input, Tensor tol, bool hermitian=False, *, Tensor out=None)',
        '(Tensor input, double tol, bool hermitian=False, *, Tensor out=None)',
    ],
    'linalg.linalg_multi_dot': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'linalg.linalg_norm': [
        '(Tensor input, Scalar? ord=None, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
        '(Tensor input, c10::string_view ord, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'linalg.linalg_pinv': [
        '(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool hermitian=False, Tensor out=None)',
        '(Tensor input, *, double? atol=None, double? rtol=None, bool hermitian=False, Tensor out=None)',
        '(Tensor input, Tensor rcond, bool hermitian=False, *, Tensor out=None)',
        '(Tensor input, double rcond, bool hermitian=False, *, Tensor out=None)',
    ],
    'linalg.linalg_qr': [
        '(Tensor A, c10::string_view mode="reduced", *, TensorList[2] out=None)',
    ],
    'linalg.linalg_slogdet': [
        '(Tensor A, *, TensorList[2] out=None)',
    ],
    'linalg.linalg_solve': [
        '(Tensor A, Tensor B, *, bool left=True, Tensor out=None)',
    ],
    'linalg.linalg_solve_ex': [
        '(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, TensorList[2] out=None)',
    ],
    'linalg.linalg_solve_triangular': [
        '(Tensor input, Tensor B, *, bool upper, bool left=True, bool unitriangular=False, Tensor out=None)',
    ],
    'linalg.linalg_svd': [
        '(Tensor A, bool full_matrices=True, *, c10::string_view? driver=None, TensorList[3] out=None)',
    ],
    'linalg.linalg_svdvals': [
        '(Tensor A, *, c10::string_view? driver=None, Tensor out=None)',
    ],
    'linalg.linalg_vander': [
        '(Tensor x, *, SymInt? N=None)',
    ],
    'linalg.linalg_vecdot': [
        '(Tensor x, Tensor y, *, int64_t dim=-1, Tensor out=None)',
    ],
    'linalg.linalg_vector_norm': [
        '(Tensor input, Scalar ord=2, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'linspace': [
        '(Tensor start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Tensor end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'log': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'log10': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'log10_': [
        '(Tensor input)',
    ],
    'log1p': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'log1p_': [
        '(Tensor input)',
    ],
    'log2': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'log2_': [
        '(Tensor input)',
    ],
    'log_': [
        '(Tensor input)',
    ],
    'log_softmax': [
        '(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)',
    ],
    'logaddexp': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'logaddexp2': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'logcumsumexp': [
        '(Tensor input, int64_t dim, *, Tensor out=None)',
    ],
    'logdet': [
        '(Tensor input)',
    ],
    'logical_and': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'logical_not': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'logical_or': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'logical_xor': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'logit': [
        '(Tensor input, double? eps=None, *, Tensor out=None)',
    ],
    'logit_': [
        '(Tensor input, double? eps=None)',
    ],
    'logspace': [
        '(Tensor start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Tensor end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Scalar start, Scalar end, int64_t steps, double base=10.0, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'logsumexp': [
        '(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)',
    ],
    'lstm': [
        '(Tensor data, Tensor batch_sizes, TensorList hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional)',
        '(Tensor input, TensorList hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional, bool batch_first)',
    ],
    'lstm_cell': [
        '(Tensor input, TensorList hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None)',
    ],
    'lt': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'lu_solve': [
        '(Tensor input, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None)',
    ],
    'lu_unpack': [
        '(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, TensorList[3] out=None)',
    ],
    'margin_ranking_loss': [
        '(Tensor input1, Tensor input2, Tensor target, double margin=0.0, int64_t reduction=at::Reduction::Mean)',
    ],
    'masked_fill': [
        '(Tensor input, Tensor mask, Tensor value)',
        '(Tensor input, Tensor mask, Scalar value)',
    ],
    'masked_scatter': [
        '(Tensor input, Tensor mask, Tensor source)',
    ],
    'masked_select': [
        '(Tensor input, Tensor mask, *, Tensor out=None)',
    ],
    'matmul': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'matrix_exp': [
        '(Tensor input)',
    ],
    'matrix_power': [
        '(Tensor input, int64_t n, *, Tensor out=None)',
    ],
    'max': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'max_pool1d': [
        '(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] stride=None, IntArrayRef[1] padding=0, IntArrayRef[1] dilation=1, bool ceil_mode=False)',
    ],
    'max_pool1d_with_indices': [
        '(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] stride=None, IntArrayRef[1] padding=0, IntArrayRef[1] dilation=1, bool ceil_mode=False)',
    ],
    'max_pool2d': [
        '(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False)',
    ],
    'max_pool3d': [
        '(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=None, IntArrayRef[3] padding=0, IntArrayRef[3] dilation=1, bool ceil_mode=False)',
    ],
    'maximum': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'mean': [
        '(Tensor input, *, ScalarType? dtype=None, Tensor out=None)',
        '(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'median': [
        '(Tensor input)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'meshgrid': [
        '(TensorList tensors)',
        '(TensorList tensors, *, c10::string_view indexing)',
    ],
    'min': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'minimum': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'mm': [
        '(Tensor input, Tensor mat2, *, Tensor out=None)',
        '(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)',
    ],
    'mode': [
        '(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'moveaxis': [
        '(Tensor input, int64_t source, int64_t destination)',
        '(Tensor input, IntArrayRef source, IntArrayRef destination)',
    ],
    'movedim': [
        '(Tensor input, int64_t source, int64_t destination)',
        '(Tensor input, IntArrayRef source, IntArrayRef destination)',
    ],
    'msort': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'mul': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'multinomial': [
        '(Tensor input, SymInt num_samples, bool replacement=False, *, Generator? generator=None, Tensor out=None)',
    ],
    'multiply': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other)',
    ],
    'mv': [
        '(Tensor input, Tensor vec, *, Tensor out=None)',
    ],
    'mvlgamma': [
        '(Tensor input, int64_t p, *, Tensor out=None)',
    ],
    'nan_to_num': [
        '(Tensor input, double? nan=None, double? posinf=None, double? neginf=None, *, Tensor out=None)',
    ],
    'nan_to_num_': [
        '(Tensor input, double? nan=None, double? posinf=None, double? neginf=None)',
    ],
    'nanmean': [
        '(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'nanmedian': [
        '(Tensor input)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)',
    ],
    'nanquantile': [
        '(Tensor input, Tensor q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear", Tensor out=None)',
        '(Tensor input, double q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear", Tensor out=None)',
    ],
    'nansum': [
        '(Tensor input, IntArrayRef[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'narrow': [
        '(Tensor input, int64_t dim, Tensor start, SymInt length)',
        '(Tensor input, int64_t dim, SymInt start, SymInt length)',
    ],
    'narrow_copy': [
        '(Tensor input, int64_t dim, SymInt start, SymInt length, *, Tensor out=None)',
    ],
    'native_batch_norm': [
        '(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, double momentum, double eps, *, TensorList[3] out=None)',
    ],
    'native_channel_shuffle': [
        '(Tensor input, SymInt groups)',
    ],
    'native_dropout': [
        '(Tensor input, double p, bool? train)',
    ],
    'native_group_norm': [
        '(Tensor input, Tensor? weight, Tensor? bias, SymInt N, SymInt C, SymInt HxW, int64_t group, double eps)',
    ],
    'native_layer_norm': [
        '(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight, Tensor? bias, double eps)',
    ],
    'ne': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'neg': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'neg_': [
        '(Tensor input)',
    ],
    'negative': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'negative_': [
        '(Tensor input)',
    ],
    'nextafter': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'nn.adaptive_avg_pool2d': [
        '(Tensor input, SymIntArrayRef[2] output_size, *, Tensor out=None)',
    ],
    'nn.adaptive_max_pool2d': [
        '(Tensor input, IntArrayRef[2] output_size, *, TensorList[2] out=None)',
    ],
    'nn.avg_pool2d': [
        '(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, IntArrayRef[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, int64_t? divisor_override=None, *, Tensor out=None)',
    ],
    'nn.avg_pool3d': [
        '(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=None, IntArrayRef[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, int64_t? divisor_override=None, *, Tensor out=None)',
    ],
    'nn.col2im': [
        '(Tensor input, SymIntArrayRef[2] output_size, IntArrayRef[2] kernel_size, IntArrayRef[2] dilation, IntArrayRef[2] padding, IntArrayRef[2] stride, *, Tensor out=None)',
    ],
    'nn.elu_': [
        '(Tensor input, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1)',
    ],
    'nn.gelu': [
        '(Tensor input, *, c10::string_view approximate="none", Tensor out=None)',
    ],
    'nn.glu': [
        '(Tensor input, int64_t dim=-1, *, Tensor out=None)',
    ],
    'nn.hardtanh': [
        '(Tensor input, Scalar min_val=-1, Scalar max_val=1, *, Tensor out=None)',
    ],
    'nn.hardtanh_': [
        '(Tensor input, Scalar min_val=-1, Scalar max_val=1)',
    ],
    'nn.im2col': [
        '(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] dilation, IntArrayRef[2] padding, IntArrayRef[2] stride, *, Tensor out=None)',
    ],
    'nn.leaky_relu_': [
        '(Tensor input, Scalar negative_slope=0.01)',
    ],
    'nn.linear': [
        '(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)',
    ],
    'nn.log_sigmoid': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'nn.max_pool2d_with_indices': [
        '(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False, *, TensorList[2] out=None)',
    ],
    'nn.max_unpool2d': [
        '(Tensor input, Tensor indices, SymIntArrayRef[2] output_size, *, Tensor out=None)',
    ],
    'nn.one_hot': [
        '(Tensor input, int64_t num_classes=-1)',
    ],
    'nn.pad': [
        '(Tensor input, SymIntArrayRef pad, c10::string_view mode="constant", double? value=None)',
    ],
    'nn.relu6': [
        '(Tensor input)',
    ],
    'nn.relu6_': [
        '(Tensor input)',
    ],
    'nn.scaled_dot_product_attention': [
        '(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, double dropout_p=0.0, bool is_causal=False, *, double? scale=None, bool enable_gqa=False)',
    ],
    'nn.silu': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'nn.silu_': [
        '(Tensor input)',
    ],
    'nn.softplus': [
        '(Tensor input, Scalar beta=1, Scalar threshold=20, *, Tensor out=None)',
    ],
    'nn.softshrink': [
        '(Tensor input, Scalar lambd=0.5, *, Tensor out=None)',
    ],
    'nonzero_static': [
        '(Tensor input, *, SymInt size, int64_t fill_value=-1, Tensor out=None)',
    ],
    'norm_except_dim': [
        '(Tensor v, int64_t pow=2, int64_t dim=0)',
    ],
    'normal': [
        '(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)',
        '(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)',
        '(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)',
        '(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'not_equal': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'nuclear_norm': [
        '(Tensor input, IntArrayRef[2] dim, bool keepdim=False, *, Tensor out=None)',
        '(Tensor input, bool keepdim=False, *, Tensor out=None)',
    ],
    'ones': [
        '(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'ones_like': [
        '(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'orgqr': [
        '(Tensor input, Tensor input2, *, Tensor out=None)',
    ],
    'ormqr': [
        '(Tensor input, Tensor input2, Tensor input3, bool left=True, bool transpose=False, *, Tensor out=None)',
    ],
    'outer': [
        '(Tensor input, Tensor vec2, *, Tensor out=None)',
    ],
    'pairwise_distance': [
        '(Tensor x1, Tensor x2, double p=2, double eps=1e-06, bool keepdim=False)',
    ],
    'pdist': [
        '(Tensor input, double p=2)',
    ],
    'permute': [
        '(Tensor input, IntArrayRef dims)',
    ],
    'permute_copy': [
        '(Tensor input, IntArrayRef dims, *, Tensor out=None)',
    ],
    'pinverse': [
        '(Tensor input, double rcond=1e-15)',
    ],
    'pixel_shuffle': [
        '(Tensor input, int64_t upscale_factor)',
    ],
    'pixel_unshuffle': [
        '(Tensor input, int64_t downscale_factor)',
    ],
    'poisson': [
        '(Tensor input, Generator? generator=None)',
    ],
    'poisson_nll_loss': [
        '(Tensor input, Tensor target, bool log_input, bool full, double eps, int64_t reduction)',
    ],
    'polygamma': [
        '(int64_t n, Tensor input, *, Tensor out=None)',
    ],
    'positive': [
        '(Tensor input)',
    ],
    'pow': [
        '(Tensor input, Tensor exponent, *, Tensor out=None)',
        '(Scalar self, Tensor exponent, *, Tensor out=None)',
        '(Tensor input, Scalar exponent, *, Tensor out=None)',
    ],
    'prelu': [
        '(Tensor input, Tensor weight)',
    ],
    'prod': [
        '(Tensor input, *, ScalarType? dtype=None)',
        '(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'promote_types': [
        '(ScalarType type1, ScalarType type2)',
    ],
    'put': [
        '(Tensor input, Tensor index, Tensor source, bool accumulate=False)',
    ],
    'qr': [
        '(Tensor input, bool some=True, *, TensorList[2] out=None)',
    ],
    'quantile': [
        '(Tensor input, Tensor q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear", Tensor out=None)',
        '(Tensor input, double q, int64_t? dim=None, bool keepdim=False, *, c10::string_view interpolation="linear", Tensor out=None)',
    ],
    'rad2deg': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'rad2deg_': [
        '(Tensor input)',
    ],
    'rand': [
        '(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'rand_like': [
        '(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'randint': [
        '(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymInt high, SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'randint_like': [
        '(Tensor input, SymInt low, SymInt high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, SymInt low, SymInt high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, Tensor high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, Tensor high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, SymInt high, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, SymInt high, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'randn': [
        '(SymIntArrayRef size, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'randn_like': [
        '(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'randperm': [
        '(SymInt n, *, Generator? generator, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
        '(SymInt n, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'ravel': [
        '(Tensor input)',
    ],
    'reciprocal': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'reciprocal_': [
        '(Tensor input)',
    ],
    'relu': [
        '(Tensor input)',
    ],
    'relu_': [
        '(Tensor input)',
    ],
    'remainder': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'renorm': [
        '(Tensor input, Scalar p, int64_t dim, Scalar maxnorm, *, Tensor out=None)',
    ],
    'repeat_interleave': [
        '(Tensor input, Tensor repeats, int64_t? dim=None, *, SymInt? output_size=None)',
        '(Tensor repeats, *, SymInt? output_size=None)',
        '(Tensor input, SymInt repeats, int64_t? dim=None, *, SymInt? output_size=None)',
    ],
    'reshape': [
        '(Tensor input, SymIntArrayRef shape)',
    ],
    'resize_as_': [
        '(Tensor input, Tensor the_template, *, MemoryFormat? memory_format=None)',
    ],
    'resolve_conj': [
        '(Tensor input)',
    ],
    'resolve_neg': [
        '(Tensor input)',
    ],
    'result_type': [
        '(Tensor tensor, Tensor other)',
        '(Scalar scalar, Tensor tensor)',
        '(Tensor tensor, Scalar other)',
        '(Scalar scalar1, Scalar scalar2)',
    ],
    'rms_norm': [
        '(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, double? eps=None)',
    ],
    'rnn_relu': [
        '(Tensor data, Tensor batch_sizes, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional)',
        '(Tensor input, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional, bool batch_first)',
    ],
    'rnn_relu_cell': [
        '(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None)',
    ],
    'rnn_tanh': [
        '(Tensor data, Tensor batch_sizes, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional)',
        '(Tensor input, Tensor hx, TensorList params, bool has_biases, int64_t num_layers, double dropout, bool train, bool bidirectional, bool batch_first)',
    ],
    'rnn_tanh_cell': [
        '(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor? b_ih=None, Tensor? b_hh=None)',
    ],
    'roll': [
        '(Tensor input, SymIntArrayRef[1] shifts, IntArrayRef[1] dims=None)',
    ],
    'rot90': [
        '(Tensor input, int64_t k=1, IntArrayRef dims={0,1})',
    ],
    'round': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, *, int64_t decimals, Tensor out=None)',
    ],
    'round_': [
        '(Tensor input)',
        '(Tensor input, *, int64_t decimals)',
    ],
    'row_stack': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'rrelu': [
        '(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None)',
    ],
    'rrelu_': [
        '(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None)',
    ],
    'rsqrt': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'rsqrt_': [
        '(Tensor input)',
    ],
    'rsub': [
        '(Tensor input, Tensor other, *, Scalar alpha=1)',
        '(Tensor input, Scalar other, Scalar alpha=1)',
    ],
    'scalar_tensor': [
        '(Scalar s, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'scatter': [
        '(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)',
        '(Tensor input, int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce, Tensor out=None)',
        '(Tensor input, int64_t dim, Tensor index, Scalar value, *, Tensor out=None)',
        '(Tensor input, int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce, Tensor out=None)',
    ],
    'scatter_add': [
        '(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)',
    ],
    'scatter_reduce': [
        '(Tensor input, int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True, Tensor out=None)',
    ],
    'searchsorted': [
        '(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)',
        '(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)',
    ],
    'segment_reduce': [
        '(Tensor data, c10::string_view reduce, *, Tensor? lengths=None, Tensor? indices=None, Tensor? offsets=None, int64_t axis=0, bool unsafe=False, Scalar? initial=None)',
    ],
    'select': [
        '(Tensor input, int64_t dim, SymInt index)',
    ],
    'select_copy': [
        '(Tensor input, int64_t dim, SymInt index, *, Tensor out=None)',
    ],
    'select_scatter': [
        '(Tensor input, Tensor src, int64_t dim, SymInt index)',
    ],
    'selu': [
        '(Tensor input)',
    ],
    'selu_': [
        '(Tensor input)',
    ],
    'sgn': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sigmoid': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sigmoid_': [
        '(Tensor input)',
    ],
    'sign': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'signbit': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sin': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sin_': [
        '(Tensor input)',
    ],
    'sinc': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sinc_': [
        '(Tensor input)',
    ],
    'sinh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sinh_': [
        '(Tensor input)',
    ],
    'slice_copy': [
        '(Tensor input, int64_t dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor out=None)',
    ],
    'slice_scatter': [
        '(Tensor input, Tensor src, int64_t dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor out=None)',
    ],
    'slogdet': [
        '(Tensor input, *, TensorList[2] out=None)',
    ],
    'smm': [
        '(Tensor input, Tensor mat2)',
    ],
    'softmax': [
        '(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)',
    ],
    'sort': [
        '(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, TensorList[2] out=None)',
        '(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)',
    ],
    'special.special_digamma': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_entr': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_erf': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_erfc': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_erfcx': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_erfinv': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_exp2': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_expit': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_expm1': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_gammainc': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'special.special_gammaincc': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'special.special_gammaln': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_i0': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_i0e': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_i1': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_i1e': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_log1p': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_log_ndtr': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_log_softmax': [
        '(Tensor input, int64_t dim, *, ScalarType? dtype=None)',
    ],
    'special.special_logit': [
        '(Tensor input, double? eps=None, *, Tensor out=None)',
    ],
    'special.special_logsumexp': [
        '(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)',
    ],
    'special.special_multigammaln': [
        '(Tensor input, int64_t p, *, Tensor out=None)',
    ],
    'special.special_ndtr': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_ndtri': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_polygamma': [
        '(int64_t n, Tensor input, *, Tensor out=None)',
    ],
    'special.special_psi': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_round': [
        '(Tensor input, *, int64_t decimals=0, Tensor out=None)',
    ],
    'special.special_sinc': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'special.special_softmax': [
        '(Tensor input, int64_t dim, ScalarType? dtype=None)',
    ],
    'special.special_xlog1py': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'special.special_xlogy': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'split_copy': [
        '(Tensor input, SymInt split_size, int64_t dim=0, *, TensorList out=None)',
    ],
    'split_with_sizes': [
        '(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)',
    ],
    'split_with_sizes_copy': [
        '(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0, *, TensorList out=None)',
    ],
    'sqrt': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'sqrt_': [
        '(Tensor input)',
    ],
    'square': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'square_': [
        '(Tensor input)',
    ],
    'squeeze': [
        '(Tensor input)',
        '(Tensor input, int64_t dim)',
        '(Tensor input, IntArrayRef dim)',
    ],
    'squeeze_copy': [
        '(Tensor input, *, Tensor out=None)',
        '(Tensor input, int64_t dim, *, Tensor out=None)',
        '(Tensor input, IntArrayRef dim, *, Tensor out=None)',
    ],
    'stack': [
        '(TensorList tensors, int64_t dim=0, *, Tensor out=None)',
    ],
    'std': [
        '(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)',
        '(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)',
        '(Tensor input, bool unbiased=True)',
    ],
    'std_mean': [
        '(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        '(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        '(Tensor input, bool unbiased=True)',
    ],
    'sub': [
        '(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
        '(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated',
    ],
    'subtract': [
        '(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)',
        '(Tensor input, Scalar other, Scalar alpha=1)',
    ],
    'sum': [
        '(Tensor input, *, ScalarType? dtype=None)',
        '(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)',
    ],
    'svd': [
        '(Tensor input, bool some=True, bool compute_uv=True, *, TensorList[3] out=None)',
    ],
    'swapaxes': [
        '(Tensor input, int64_t axis0, int64_t axis1)',
    ],
    'swapdims': [
        '(Tensor input, int64_t dim0, int64_t dim1)',
    ],
    't': [
        '(Tensor input)',
    ],
    't_copy': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'take': [
        '(Tensor input, Tensor index, *, Tensor out=None)',
    ],
    'take_along_dim': [
        '(Tensor input, Tensor indices, int64_t? dim=None, *, Tensor out=None)',
    ],
    'tan': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'tan_': [
        '(Tensor input)',
    ],
    'tanh': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'tanh_': [
        '(Tensor input)',
    ],
    'tensor_split': [
        '(Tensor input, SymIntArrayRef indices, int64_t dim=0)',
        '(Tensor input, Tensor tensor_indices_or_sections, int64_t dim=0)',
        '(Tensor input, SymInt sections, int64_t dim=0)',
    ],
    'threshold': [
        '(Tensor input, Scalar threshold, Scalar value, *, Tensor out=None)',
    ],
    'threshold_': [
        '(Tensor input, Scalar threshold, Scalar value)',
    ],
    'tile': [
        '(Tensor input, SymIntArrayRef dims)',
    ],
    'topk': [
        '(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, *, TensorList[2] out=None)',
    ],
    'trace': [
        '(Tensor input)',
    ],
    'transpose': [
        '(Tensor input, int64_t dim0, int64_t dim1)',
    ],
    'transpose_copy': [
        '(Tensor input, int64_t dim0, int64_t dim1, *, Tensor out=None)',
    ],
    'trapezoid': [
        '(Tensor y, Tensor x, *, int64_t dim=-1)',
        '(Tensor y, *, Scalar dx=1, int64_t dim=-1)',
    ],
    'trapz': [
        '(Tensor y, *, double dx=1, int64_t dim=-1)',
        '(Tensor y, Tensor x, *, int64_t dim=-1)',
    ],
    'triangular_solve': [
        '(Tensor input, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, TensorList[2] out=None)',
    ],
    'tril': [
        '(Tensor input, SymInt diagonal=0, *, Tensor out=None)',
    ],
    'tril_indices': [
        '(int64_t row, int64_t col, int64_t offset=0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'triplet_margin_loss': [
        '(Tensor anchor, Tensor positive, Tensor negative, double margin=1.0, double p=2, double eps=1e-06, bool swap=False, int64_t reduction=at::Reduction::Mean)',
    ],
    'triu': [
        '(Tensor input, SymInt diagonal=0, *, Tensor out=None)',
    ],
    'triu_indices': [
        '(int64_t row, int64_t col, int64_t offset=0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'true_divide': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other)',
    ],
    'trunc': [
        '(Tensor input, *, Tensor out=None)',
    ],
    'trunc_': [
        '(Tensor input)',
    ],
    'unbind': [
        '(Tensor input, int64_t dim=0)',
    ],
    'unbind_copy': [
        '(Tensor input, int64_t dim=0, *, TensorList out=None)',
    ],
    'unflatten': [
        '(Tensor input, int64_t dim, SymIntArrayRef sizes)',
    ],
    'unfold_copy': [
        '(Tensor input, int64_t dimension, int64_t size, int64_t step, *, Tensor out=None)',
    ],
    'unique_consecutive': [
        '(Tensor input, bool return_inverse=False, bool return_counts=False, int64_t? dim=None)',
    ],
    'unique_dim': [
        '(Tensor input, int64_t dim, bool sorted=True, bool return_inverse=False, bool return_counts=False)',
    ],
    'unsafe_chunk': [
        '(Tensor input, int64_t chunks, int64_t dim=0)',
    ],
    'unsafe_split': [
        '(Tensor input, SymInt split_size, int64_t dim=0)',
    ],
    'unsafe_split_with_sizes': [
        '(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)',
    ],
    'unsqueeze': [
        '(Tensor input, int64_t dim)',
    ],
    'unsqueeze_copy': [
        '(Tensor input, int64_t dim, *, Tensor out=None)',
    ],
    'vander': [
        '(Tensor x, int64_t? N=None, bool increasing=False)',
    ],
    'var': [
        '(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)',
        '(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)',
        '(Tensor input, bool unbiased=True)',
    ],
    'var_mean': [
        '(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)',
        '(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)',
        '(Tensor input, bool unbiased=True)',
    ],
    'vdot': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
    ],
    'view_copy': [
        '(Tensor input, ScalarType dtype, *, Tensor out=None)',
        '(Tensor input, SymIntArrayRef size, *, Tensor out=None)',
    ],
    'vsplit': [
        '(Tensor input, int64_t sections)',
        '(Tensor input, IntArrayRef indices)',
    ],
    'vstack': [
        '(TensorList tensors, *, Tensor out=None)',
    ],
    'where': [
        '(Tensor condition)',
        '(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)',
        '(Tensor condition, Scalar self, Tensor other)',
        '(Tensor condition, Tensor input, Scalar other)',
        '(Tensor condition, Scalar self, Scalar other)',
    ],
    'xlogy': [
        '(Tensor input, Tensor other, *, Tensor out=None)',
        '(Scalar self, Tensor other, *, Tensor out=None)',
        '(Tensor input, Scalar other, *, Tensor out=None)',
    ],
    'xlogy_': [
        '(Tensor input, Tensor other)',
        '(Tensor input, Scalar other)',
    ],
    'zero_': [
        '(Tensor input)',
    ],
    'zeros': [
        '(SymIntArrayRef size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
    'zeros_like': [
        '(Tensor input, *, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)',
    ],
}

FUNCTIONAL = {
    'adaptive_avg_pool1d': 'adaptive_avg_pool1d',
    'avg_pool1d': 'avg_pool1d',
    'avg_pool2d': 'nn.avg_pool2d',
    'avg_pool3d': 'nn.avg_pool3d',
    'bilinear': 'bilinear',
    'celu_': 'celu_',
    'channel_shuffle': 'channel_shuffle',
    'conv1d': 'conv1d',
    'conv2d': 'conv2d',
    'conv3d': 'conv3d',
    'conv_transpose1d': 'conv_transpose1d',
    'conv_transpose2d': 'conv_transpose2d',
    'conv_transpose3d': 'conv_transpose3d',
    'cosine_similarity': 'cosine_similarity',
    'elu_': 'nn.elu_',
    'gelu': 'nn.gelu',
    'hardshrink': 'hardshrink',
    'hardtanh_': 'nn.hardtanh_',
    'leaky_relu_': 'nn.leaky_relu_',
    'linear': 'nn.linear',
    'logsigmoid': 'nn.log_sigmoid',
    'one_hot': 'nn.one_hot',
    'pairwise_distance': 'pairwise_distance',
    'pixel_shuffle': 'pixel_shuffle',
    'pixel_unshuffle': 'pixel_unshuffle',
    'prelu': 'prelu',
    'relu_': 'relu_',
    'rrelu_': 'rrelu_',
    'scaled_dot_product_attention': 'nn.scaled_dot_product_attention',
    'selu_': 'selu_',
    'softplus': 'nn.softplus',
    'softshrink': 'nn.softshrink',
    'threshold_': 'threshold_',
}

LINALG = {
    'cholesky': 'linalg.linalg_cholesky',
    'cholesky_ex': 'linalg.linalg_cholesky_ex',
    'cond': 'linalg.linalg_cond',
    'cross': 'linalg.linalg_cross',
    'det': 'linalg.linalg_det',
    'diagonal': 'linalg.linalg_diagonal',
    'eigh': 'linalg.linalg_eigh',
    'eigvalsh': 'linalg.linalg_eigvalsh',
    'householder_product': 'linalg.linalg_householder_product',
    'inv': 'linalg.linalg_inv',
    'inv_ex': 'linalg.linalg_inv_ex',
    'lstsq': 'linalg.linalg_lstsq',
    'lu': 'linalg.linalg_lu',
    'lu_factor': 'linalg.linalg_lu_factor',
    'lu_factor_ex': 'linalg.linalg_lu_factor_ex',
    'lu_solve': 'linalg.linalg_lu_solve',
    'matmul': 'linalg.linalg_matmul',
    'matrix_exp': 'linalg.linalg_matrix_exp',
    'matrix_norm': 'linalg.linalg_matrix_norm',
    'matrix_power': 'linalg.linalg_matrix_power',
    'matrix_rank': 'linalg.linalg_matrix_rank',
    'multi_dot': 'linalg.linalg_multi_dot',
    'norm': 'linalg.linalg_norm',
    'pinv': 'linalg.linalg_pinv',
    'qr': 'linalg.linalg_qr',
    'slogdet': 'linalg.linalg_slogdet',
    'solve': 'linalg.linalg_solve',
    'solve_ex': 'linalg.linalg_solve_ex',
    'solve_triangular': 'linalg.linalg_solve_triangular',
    'svd': 'linalg.linalg_svd',
    'svdvals': 'linalg.linalg_svdvals',
    'vander': 'linalg.linalg_vander',
    'vecdot': 'linalg.linalg_vecdot',
    'vector_norm': 'linalg.linalg_vector_norm',
}

SPECIAL = {
    'digamma': 'special.special_digamma',
    'entr': 'special.special_entr',
    'erf': 'special.special_erf',
    'erfc': 'special.special_erfc',
    'erfcx': 'special.special_erfcx',
    'erfinv': 'special.special_erfinv',
    'exp2': 'special.special_exp2',
    'expit': 'special.special_expit',
    'expm1': 'special.special_expm1',
    'gammainc': 'special.special_gammainc',
    'gammaincc': 'special.special_gammaincc',
    'gammaln': 'special.special_gammaln',
    'i0': 'special.special_i0',
    'i0e': 'special.special_i0e',
    'i1': 'special.special_i1',
    'i1e': 'special.special_i1e',
    'log1p': 'special.special_log1p',
    'log_ndtr': 'special.special_log_ndtr',
    'log_softmax': 'special.special_log_softmax',
    'logit': 'special.special_logit',
    'logsumexp': 'special.special_logsumexp',
    'multigammaln': 'special.special_multigammaln',
    'ndtr': 'special.special_ndtr',
    'ndtri': 'special.special_ndtri',
    'polygamma': 'special.special_polygamma',
    'psi': 'special.special_psi',
    'round': 'special.special_round',
    'sinc': 'special.special_sinc',
    'softmax': 'special.special_softmax',
    'xlog1py': 'special.special_xlog1py',
    'xlogy': 'special.special_xlogy',
}

FFT = {
}
