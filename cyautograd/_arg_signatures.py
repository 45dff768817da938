"""torch 2.13's argument-parser signatures of the functions whose parse
errors list them (NOTE [ Argument parser errors ], cyautograd/_arg_parser.py).
Written by tools/gen_arg_signatures.py from torch; do not edit."""

SIGNATURES = {
    'Tensor.add': [
        '(Tensor other, *, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.add_': [
        '(Tensor other, *, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.addcdiv': [
        '(Tensor tensor1, Tensor tensor2, *, Number value = 1)',
        '|hidden',
    ],
    'Tensor.addcdiv_': [
        '(Tensor tensor1, Tensor tensor2, *, Number value = 1)',
        '|hidden',
    ],
    'Tensor.addcmul': [
        '(Tensor tensor1, Tensor tensor2, *, Number value = 1)',
        '|hidden',
    ],
    'Tensor.addcmul_': [
        '(Tensor tensor1, Tensor tensor2, *, Number value = 1)',
        '|hidden',
    ],
    'Tensor.addmm': [
        '(Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.addmm_': [
        '(Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.all': [
        '()',
        '(tuple of ints dim = None, bool keepdim = False)',
        '(int dim, bool keepdim = False)',
    ],
    'Tensor.any': [
        '()',
        '(tuple of ints dim = None, bool keepdim = False)',
        '(int dim, bool keepdim = False)',
    ],
    'Tensor.argsort': [
        '(*, bool stable, int dim = -1, bool descending = False)',
        '(int dim = -1, bool descending = False)',
    ],
    'Tensor.bernoulli': [
        '(*, torch.Generator generator = None)',
        '(float p, *, torch.Generator generator = None)',
    ],
    'Tensor.bernoulli_': [
        '(Tensor p, *, torch.Generator generator = None)',
        '(float p = 0.5, *, torch.Generator generator = None)',
    ],
    'Tensor.bitwise_and': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.bitwise_left_shift': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.bitwise_or': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.bitwise_right_shift': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.bitwise_xor': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.clamp': [
        '(Tensor min = None, Tensor max = None)',
        '(Number min = None, Number max = None)',
    ],
    'Tensor.clamp_': [
        '(Tensor min = None, Tensor max = None)',
        '(Number min = None, Number max = None)',
    ],
    'Tensor.clamp_max': [
        '(Tensor max)',
        '(Number max)',
    ],
    'Tensor.clamp_max_': [
        '(Tensor max)',
        '(Number max)',
    ],
    'Tensor.clamp_min': [
        '(Tensor min)',
        '(Number min)',
    ],
    'Tensor.clamp_min_': [
        '(Tensor min)',
        '(Number min)',
    ],
    'Tensor.clip': [
        '(Tensor min = None, Tensor max = None)',
        '(Number min = None, Number max = None)',
    ],
    'Tensor.copy_': [
        '(Tensor other, bool non_blocking = False)',
        '|hidden',
    ],
    'Tensor.cuda': [
        '(torch.device device = None, bool non_blocking = False, *, torch.memory_format memory_format = None)',
        '|hidden',
    ],
    'Tensor.div': [
        '(Tensor other)',
        '(Tensor other, *, str rounding_mode)',
        '(Number other, *, str rounding_mode)',
    ],
    'Tensor.div_': [
        '(Tensor other)',
        '(Tensor other, *, str rounding_mode)',
        '(Number other, *, str rounding_mode)',
    ],
    'Tensor.divide': [
        '(Tensor other)',
        '(Tensor other, *, str rounding_mode)',
        '(Number other)',
        '(Number other, *, str rounding_mode)',
    ],
    'Tensor.eq': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.fill_': [
        '(Tensor value)',
        '(Number value)',
    ],
    'Tensor.floor_divide': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.ge': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.gt': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.index_fill': [
        '(int dim, Tensor index, Tensor value)',
        '(int dim, Tensor index, Number value)',
    ],
    'Tensor.index_fill_': [
        '(int dim, Tensor index, Tensor value)',
        '(int dim, Tensor index, Number value)',
    ],
    'Tensor.le': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.lerp': [
        '(Tensor end, Tensor weight)',
        '(Tensor end, Number weight)',
    ],
    'Tensor.lerp_': [
        '(Tensor end, Tensor weight)',
        '(Tensor end, Number weight)',
    ],
    'Tensor.lt': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.masked_fill': [
        '(Tensor mask, Tensor value)',
        '(Tensor mask, Number value)',
    ],
    'Tensor.masked_fill_': [
        '(Tensor mask, Tensor value)',
        '(Tensor mask, Number value)',
    ],
    'Tensor.max': [
        '()',
        '(Tensor other)',
        '(int dim, bool keepdim = False)',
    ],
    'Tensor.maximum': [
        '(Tensor other)',
    ],
    'Tensor.mean': [
        '(*, torch.dtype dtype = None)',
        '(tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)',
    ],
    'Tensor.median': [
        '()',
        '(int dim, bool keepdim = False)',
    ],
    'Tensor.min': [
        '()',
        '(Tensor other)',
        '(int dim, bool keepdim = False)',
    ],
    'Tensor.minimum': [
        '(Tensor other)',
    ],
    'Tensor.moveaxis': [
        '(int source, int destination)',
        '(tuple of ints source, tuple of ints destination)',
    ],
    'Tensor.movedim': [
        '(int source, int destination)',
        '(tuple of ints source, tuple of ints destination)',
    ],
    'Tensor.multiply': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.narrow': [
        '(int dim, Tensor start, int length)',
        '(int dim, int start, int length)',
    ],
    'Tensor.ne': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.nonzero': [
        '()',
        '(*, bool as_tuple)',
    ],
    'Tensor.pow': [
        '(Tensor exponent)',
        '(Number exponent)',
    ],
    'Tensor.pow_': [
        '(Tensor exponent)',
        '(Number exponent)',
    ],
    'Tensor.prod': [
        '(*, torch.dtype dtype = None)',
        '(int dim, bool keepdim = False, *, torch.dtype dtype = None)',
    ],
    'Tensor.random_': [
        '(*, torch.Generator generator = None)',
        '(int from, int to, *, torch.Generator generator = None)',
        '(int to, *, torch.Generator generator = None)',
    ],
    'Tensor.remainder': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.round': [
        '()',
        '(*, int decimals)',
    ],
    'Tensor.round_': [
        '()',
        '(*, int decimals)',
    ],
    'Tensor.scatter': [
        '(int dim, Tensor index, Tensor src)',
        '(int dim, Tensor index, Tensor src, *, str reduce)',
        '(int dim, Tensor index, Number value)',
        '(int dim, Tensor index, Number value, *, str reduce)',
    ],
    'Tensor.scatter_': [
        '(int dim, Tensor index, Tensor src)',
        '(int dim, Tensor index, Tensor src, *, str reduce)',
        '(int dim, Tensor index, Number value)',
        '(int dim, Tensor index, Number value, *, str reduce)',
    ],
    'Tensor.sort': [
        '(*, bool stable, int dim = -1, bool descending = False)',
        '(int dim = -1, bool descending = False)',
    ],
    'Tensor.squeeze': [
        '()',
        '(int dim)',
        '(tuple of ints dim)',
    ],
    'Tensor.squeeze_': [
        '()',
        '(int dim)',
        '(tuple of ints dim)',
    ],
    'Tensor.std': [
        '(tuple of ints dim, bool unbiased = True, bool keepdim = False)',
        '(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)',
        '(bool unbiased = True)',
    ],
    'Tensor.sub': [
        '(Tensor other, *, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.sub_': [
        '(Tensor other, *, Number alpha = 1)',
        '|hidden',
    ],
    'Tensor.subtract': [
        '(Tensor other, *, Number alpha = 1)',
        '(Number other, Number alpha = 1)',
    ],
    'Tensor.sum': [
        '(*, torch.dtype dtype = None)',
        '(tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)',
    ],
    'Tensor.tensor_split': [
        '(tuple of ints indices, int dim = 0)',
        '(Tensor tensor_indices_or_sections, int dim = 0)',
        '(int sections, int dim = 0)',
    ],
    'Tensor.to': [
        '(torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)',
        '(torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)',
        '(Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)',
    ],
    'Tensor.true_divide': [
        '(Tensor other)',
        '(Number other)',
    ],
    'Tensor.type': [
        '(object dtype = None, bool non_blocking = False, *, torch.memory_format memory_format = None)',
        '|hidden',
    ],
    'Tensor.var': [
        '(tuple of ints dim, bool unbiased = True, bool keepdim = False)',
        '(tuple of ints dim = None, *, Number correction = None, bool keepdim = False)',
        '(bool unbiased = True)',
    ],
    'Tensor.view': [
        '(torch.dtype dtype)',
        '(tuple of ints size)',
    ],
    'Tensor.where': [
        '(Tensor condition, Tensor other)',
        '(Tensor condition, Number other)',
    ],
    'add': [
        '(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',
        '|hidden',
    ],
    'addcdiv': [
        '(Tensor input, Tensor tensor1, Tensor tensor2, *, Number value = 1, Tensor out = None)',
        '|hidden',
    ],
    'addcmul': [
        '(Tensor input, Tensor tensor1, Tensor tensor2, *, Number value = 1, Tensor out = None)',
        '|hidden',
    ],
    'addmm': [
        '(Tensor input, Tensor mat1, Tensor mat2, *, Number beta = 1, Number alpha = 1, Tensor out = None)',
        '(Tensor input, Tensor mat1, Tensor mat2, torch.dtype out_dtype, *, Number beta = 1, Number alpha = 1, Tensor out = None)',
    ],
    'all': [
        '(Tensor input, *, Tensor out = None)',
        '(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)',
        '(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)',
    ],
    'any': [
        '(Tensor input, *, Tensor out = None)',
        '(Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)',
        '(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)',
    ],
    'arange': [
        '(Number end, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Number start, Number end, *, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Number start, Number end, Number step = 1, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'argsort': [
        '(Tensor input, *, bool stable, int dim = -1, bool descending = False, Tensor out = None)',
        '(Tensor input, int dim = -1, bool descending = False)',
    ],
    'bernoulli': [
        '(Tensor input, *, torch.Generator generator = None, Tensor out = None)',
        '(Tensor input, float p, *, torch.Generator generator = None)',
    ],
    'bitwise_and': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'bitwise_left_shift': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'bitwise_or': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'bitwise_right_shift': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'bitwise_xor': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'bmm': [
        '(Tensor input, Tensor mat2, *, Tensor out = None)',
        '(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)',
    ],
    'clamp': [
        '(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)',
        '(Tensor input, Number min = None, Number max = None, *, Tensor out = None)',
    ],
    'clamp_': [
        '(Tensor input, Tensor min = None, Tensor max = None)',
        '(Tensor input, Number min = None, Number max = None)',
    ],
    'clamp_max': [
        '(Tensor input, Tensor max, *, Tensor out = None)',
        '(Tensor input, Number max, *, Tensor out = None)',
    ],
    'clamp_max_': [
        '(Tensor input, Tensor max)',
        '(Tensor input, Number max)',
    ],
    'clamp_min': [
        '(Tensor input, Tensor min, *, Tensor out = None)',
        '(Tensor input, Number min, *, Tensor out = None)',
    ],
    'clamp_min_': [
        '(Tensor input, Tensor min)',
        '(Tensor input, Number min)',
    ],
    'clip': [
        '(Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)',
        '(Tensor input, Number min = None, Number max = None, *, Tensor out = None)',
    ],
    'div': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)',
        '(Tensor input, Number other, *, str rounding_mode)',
    ],
    'divide': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Tensor other, *, str rounding_mode, Tensor out = None)',
        '(Tensor input, Number other)',
        '(Tensor input, Number other, *, str rounding_mode)',
    ],
    'eq': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'eye': [
        '(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(int n, int m, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'fill_': [
        '(Tensor input, Tensor value)',
        '(Tensor input, Number value)',
    ],
    'floor_divide': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other)',
    ],
    'ge': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'gt': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'index_fill': [
        '(Tensor input, int dim, Tensor index, Tensor value)',
        '(Tensor input, int dim, Tensor index, Number value)',
    ],
    'le': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'lerp': [
        '(Tensor input, Tensor end, Tensor weight, *, Tensor out = None)',
        '(Tensor input, Tensor end, Number weight, *, Tensor out = None)',
    ],
    'linspace': [
        '(Tensor start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Number start, Tensor end, int steps, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Number start, Number end, int steps, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'lt': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'masked_fill': [
        '(Tensor input, Tensor mask, Tensor value)',
        '(Tensor input, Tensor mask, Number value)',
    ],
    'max': [
        '(Tensor input, *, Tensor out = None)',
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)',
    ],
    'maximum': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
    ],
    'mean': [
        '(Tensor input, *, torch.dtype dtype = None, Tensor out = None)',
        '(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)',
    ],
    'median': [
        '(Tensor input)',
        '(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)',
    ],
    'min': [
        '(Tensor input, *, Tensor out = None)',
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)',
    ],
    'minimum': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
    ],
    'mm': [
        '(Tensor input, Tensor mat2, *, Tensor out = None)',
        '(Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)',
    ],
    'moveaxis': [
        '(Tensor input, int source, int destination)',
        '(Tensor input, tuple of ints source, tuple of ints destination)',
    ],
    'movedim': [
        '(Tensor input, int source, int destination)',
        '(Tensor input, tuple of ints source, tuple of ints destination)',
    ],
    'multiply': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other)',
    ],
    'narrow': [
        '(Tensor input, int dim, Tensor start, int length)',
        '(Tensor input, int dim, int start, int length)',
    ],
    'ne': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'normal': [
        '(Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)',
        '(Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)',
        '(float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)',
        '(float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'pow': [
        '(Tensor input, Tensor exponent, *, Tensor out = None)',
        '(Number self, Tensor exponent, *, Tensor out = None)',
        '(Tensor input, Number exponent, *, Tensor out = None)',
    ],
    'prod': [
        '(Tensor input, *, torch.dtype dtype = None)',
        '(Tensor input, int dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)',
    ],
    'rand': [
        '(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'rand_like': [
        '(Tensor input, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'randint': [
        '(int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(int low, int high, tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'randint_like': [
        '(Tensor input, int low, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, int low, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, Tensor high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, Tensor high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, int high, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, int high, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'randn': [
        '(tuple of ints size, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'randn_like': [
        '(Tensor input, *, torch.Generator generator, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(Tensor input, *, torch.memory_format memory_format = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'randperm': [
        '(int n, *, torch.Generator generator, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
        '(int n, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)',
    ],
    'remainder': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Number self, Tensor other)',
        '(Tensor input, Number other, *, Tensor out = None)',
    ],
    'result_type': [
        '(Tensor tensor, Tensor other)',
        '(Number scalar, Tensor tensor)',
        '(Tensor tensor, Number other)',
        '(Number scalar1, Number scalar2)',
    ],
    'round': [
        '(Tensor input, *, Tensor out = None)',
        '(Tensor input, *, int decimals, Tensor out = None)',
    ],
    'round_': [
        '(Tensor input)',
        '(Tensor input, *, int decimals)',
    ],
    'rsub': [
        '(Tensor input, Tensor other, *, Number alpha = 1)',
        '(Tensor input, Number other, Number alpha = 1)',
    ],
    'scatter': [
        '(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out = None)',
        '(Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out = None)',
        '(Tensor input, int dim, Tensor index, Number value, *, Tensor out = None)',
        '(Tensor input, int dim, Tensor index, Number value, *, str reduce, Tensor out = None)',
    ],
    'sort': [
        '(Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)',
        '(Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)',
    ],
    'square': [
        '(Tensor input, *, Tensor out = None)',
    ],
    'squeeze': [
        '(Tensor input)',
        '(Tensor input, int dim)',
        '(Tensor input, tuple of ints dim)',
    ],
    'std': [
        '(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)',
        '(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)',
        '(Tensor input, bool unbiased = True)',
    ],
    'std_mean': [
        '(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False)',
        '(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False)',
        '(Tensor input, bool unbiased = True)',
    ],
    'sub': [
        '(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',
        '|hidden',
    ],
    'subtract': [
        '(Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)',
        '(Tensor input, Number other, Number alpha = 1)',
    ],
    'sum': [
        '(Tensor input, *, torch.dtype dtype = None)',
        '(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)',
    ],
    'tensor_split': [
        '(Tensor input, tuple of ints indices, int dim = 0)',
        '(Tensor input, Tensor tensor_indices_or_sections, int dim = 0)',
        '(Tensor input, int sections, int dim = 0)',
    ],
    'true_divide': [
        '(Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor input, Number other)',
    ],
    'var': [
        '(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False, *, Tensor out = None)',
        '(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False, Tensor out = None)',
        '(Tensor input, bool unbiased = True)',
    ],
    'var_mean': [
        '(Tensor input, tuple of ints dim, bool unbiased = True, bool keepdim = False)',
        '(Tensor input, tuple of ints dim = None, *, Number correction = None, bool keepdim = False)',
        '(Tensor input, bool unbiased = True)',
    ],
    'where': [
        '(Tensor condition)',
        '(Tensor condition, Tensor input, Tensor other, *, Tensor out = None)',
        '(Tensor condition, Number self, Tensor other)',
        '(Tensor condition, Tensor input, Number other)',
        '(Tensor condition, Number self, Number other)',
    ],
}
