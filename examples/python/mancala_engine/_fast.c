/*
 * _fast: the hot call of mancala_engine.env.Game, a self-play or
 * non-searching step (mancala_env_step with the game's prebuilt buffers),
 * as a C function of the stable ABI (abi3, Python 3.9+): ctypes spends
 * about as long converting the call's ten arguments as the library spends
 * in the step itself. The library's function is found by the package
 * through ctypes and handed over as an address; this module links nothing.
 *
 *   bind(fn, env_id, out, seat, obs, obs_cap, mask, mask_cap, legal, legal_cap) -> binding
 *   step(binding, action) -> status (-1 in a child forked after poison())
 *   poison()  (the package's after-fork hook in a child whose parent loaded the library)
 *
 * The binding holds raw addresses of buffers its Game owns; the Game keeps
 * both alive together.
 */
#define Py_LIMITED_API 0x03090000
#include <Python.h>
#include <stdint.h>

typedef struct { int64_t id; } env_t;
typedef int32_t (*step_fn)(env_t, int32_t, void *, int32_t, float *, int32_t, uint8_t *, int32_t, int32_t *, int32_t);

typedef struct {
    step_fn f;
    env_t h;
    void *out;
    int32_t seat;
    float *obs;
    int32_t obs_cap;
    uint8_t *mask;
    int32_t mask_cap;
    int32_t *legal;
    int32_t legal_cap;
} binding;

static const char *NAME = "mancala_engine._fast.binding";
static int forked = 0;

static void free_binding(PyObject *cap) {
    PyMem_Free(PyCapsule_GetPointer(cap, NAME));
}

static PyObject *bind(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long f, out, obs, mask, legal;
    long long id;
    int seat, obs_cap, mask_cap, legal_cap;
    if (!PyArg_ParseTuple(args, "KLKiKiKiKi", &f, &id, &out, &seat, &obs, &obs_cap, &mask, &mask_cap, &legal,
                          &legal_cap))
        return NULL;
    if (!f || !out) {
        PyErr_SetString(PyExc_ValueError, "bind: a NULL function or step answer");
        return NULL;
    }
    binding *b = PyMem_Malloc(sizeof(binding));
    if (!b)
        return PyErr_NoMemory();
    b->f = (step_fn)(uintptr_t)f;
    b->h.id = id;
    b->out = (void *)(uintptr_t)out;
    b->seat = seat;
    b->obs = (float *)(uintptr_t)obs;
    b->obs_cap = obs_cap;
    b->mask = (uint8_t *)(uintptr_t)mask;
    b->mask_cap = mask_cap;
    b->legal = (int32_t *)(uintptr_t)legal;
    b->legal_cap = legal_cap;
    PyObject *cap = PyCapsule_New(b, NAME, free_binding);
    if (!cap)
        PyMem_Free(b);
    return cap;
}

static PyObject *step(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cap;
    long a;
    if (!PyArg_ParseTuple(args, "Ol", &cap, &a))
        return NULL;
    if (forked)
        return PyLong_FromLong(-1);
    binding *b = PyCapsule_GetPointer(cap, NAME);
    if (!b)
        return NULL;
    if (a < INT32_MIN || a > INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "action out of int32");
        return NULL;
    }
    int32_t st = b->f(b->h, (int32_t)a, b->out, b->seat, b->obs, b->obs_cap, b->mask, b->mask_cap, b->legal,
                      b->legal_cap);
    return PyLong_FromLong(st);
}

static PyObject *poison(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    forked = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(fn, env_id, out, seat, obs, obs_cap, mask, mask_cap, legal, legal_cap)"},
    {"step", step, METH_VARARGS, "step(binding, action) -> status"},
    {"poison", poison, METH_NOARGS, "poison(): every later step answers -1 (a forked child)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
