/*
 * _fast: the hot methods of mancala_engine.env.Game as a C base class of
 * the stable ABI (abi3, Python 3.9+). A step from Python is then one C
 * method call that makes one call into the library (mancala_env_step,
 * writing the step's answer, both seats' observations, the mask and the
 * legal ids into the game's buffers), and the reads after it (mask(),
 * legal, observation(), over, ...) are C getters over those buffers, with
 * no Python frame in between.
 *
 * Core holds what the hot methods read: the library's step function (an
 * address the package finds through ctypes and hands over: this module
 * links nothing), the environment handle, raw addresses of the buffers
 * and, to keep them alive, the objects that own them; plus the members
 * the Python side sets (_started, _searches, history, _pos).
 *
 * Only the common case is decided here: a game started and not over, an
 * exact int in range, an opponent that does not search, a library call
 * that succeeded. Everything else is handed to the Python methods of the
 * subclass (mancala_engine/env.py), which hold every check and message:
 *   _step_checked(action)  the step of anything but the common case
 *   _step_search(a)        a step whose opponent searches (Ctrl-C)
 *   _step_failed(st, a)    raises the library's error (or ForkedError)
 *   _mask_other(seat)      mask() of a seat not to move, or a bad seat
 *   _observe_failed(st)    raises the library's error of an observe
 *   _reset_checked(...)    reset() with arguments, or before a snapshot
 * so the pure-Python class (env._CheckedCore) and this one agree by
 * construction, and tests/test_fast.py checks that they do.
 *
 *   poison()  (the package's after-fork hook in a child whose parent
 *             loaded the library: every later step answers -1, which
 *             _step_failed turns into ForkedError)
 */
#define Py_LIMITED_API 0x03090000
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

typedef struct { int64_t id; } env_t;

/* mancala_step_t of mancala/env/cabi/mancala_env.h */
typedef struct {
    float rewards[2];
    uint8_t terminated;
    uint8_t truncated;
    uint8_t to_move;
    uint8_t state;
    int32_t plies;
    int32_t legal;
} step_t;

typedef int32_t (*step_fn)(env_t, int32_t, step_t *, int32_t, float *, int32_t, uint8_t *, int32_t, int32_t *,
                           int32_t);
typedef int32_t (*observe_fn)(env_t, int32_t, float *, int32_t);
typedef int32_t (*reset_fn)(env_t, const uint64_t *);

#define SEAT_BOTH 2
#define IDLE 4 /* steps a seat's observation goes unread before the step stops writing it */

/* Py_XSETREF is not in the limited API */
#define SETREF(dst, src)                                                                                           \
    do {                                                                                                           \
        PyObject *old_ = (PyObject *)(dst);                                                                        \
        (dst) = (src);                                                                                             \
        Py_XDECREF(old_);                                                                                          \
    } while (0)

typedef struct {
    PyObject_HEAD
    /* the binding (set by _fast_bind) */
    step_fn f;
    observe_fn fobs;
    reset_fn freset;
    env_t h;
    step_t *out;
    float *obs;      /* 2 * L floats: South's view, then North's */
    int32_t L;
    uint8_t *mask;   /* A flags */
    int32_t A;
    int32_t *legal;  /* A ids */
    uint8_t *u8[2];  /* L bytes each: observation()'s staging arrays */
    PyObject *owners;      /* what owns the buffers (kept alive with the binding) */
    PyObject *mask_copy;   /* the int8 mask array's bound copy() */
    PyObject *u8_copy[2];  /* the staging arrays' bound copy() */
    /* The step writes the observations of the seats in want_obs (bit 0
     * South, bit 1 North): a seat joins it when observation() is asked
     * for it, and leaves it after IDLE steps whose observation of it
     * nobody read (read: the seats read since the step before; idle: the
     * steps each has gone unread). So a loop that never observes pays for
     * no observation, one that observes one seat or both (each step, or
     * alternately) gets them in the step's call. obs_valid: the seats
     * whose half of the buffer holds the current position's view;
     * observation() of another asks the library (mancala_env_observe)
     * first, which is always right, only slower. */
    char want_obs;
    char obs_valid;
    char read;
    unsigned char idle[2];
    /* The start of a self-play game as the first reset left the buffers
     * (_fast_snapshot): every later reset() without arguments is the
     * library's reset and these copied back. snap: obs, then mask, then
     * legal; NULL until taken. */
    char *snap;
    step_t snap_out;
    PyObject *snap_pos;
    /* members the Python side reads and writes */
    char started;
    char searches;
    /* a call that lets go of the GIL while it changes the game (a reset
     * or undo in Python, a search's step, a clone) is under way: every
     * other call on the game is refused (busy_error) until it ends */
    char busy;
    PyObject *history;
    PyObject *pos;
    PyObject *start;
} Core;

static int forked = 0;

/* The game is in another thread's hands (a reset, undo, clone or a
 * search's step under way, which let go of the GIL): RuntimeError. */
static int busy_error(Core *self) {
    if (!self->busy)
        return 0;
    PyErr_SetString(PyExc_RuntimeError, "the game is in use by another thread (a reset, undo, clone or a search's "
                                        "step is under way): use a game from one thread at a time");
    return -1;
}

/* _enter(): marks the game busy (busy_error if it is already); _leave()
 * ends it. The Python methods that let go of the GIL while they change
 * the game hold it around their work. */
static PyObject *enter(Core *self, PyObject *unused) {
    (void)unused;
    if (busy_error(self))
        return NULL;
    self->busy = 1;
    Py_RETURN_NONE;
}

static PyObject *leave(Core *self, PyObject *unused) {
    (void)unused;
    self->busy = 0;
    Py_RETURN_NONE;
}
static PyObject *str_S, *str_N, *str_step_checked, *str_step_search, *str_step_failed, *str_mask_other, *str_append;
static PyObject *str_observe_failed, *zero_rewards, *str_reset_checked, *start_args;

static int Core_traverse(Core *self, visitproc visit, void *arg) {
    Py_VISIT(self->owners);
    Py_VISIT(self->mask_copy);
    Py_VISIT(self->u8_copy[0]);
    Py_VISIT(self->u8_copy[1]);
    Py_VISIT(self->history);
    Py_VISIT(self->pos);
    Py_VISIT(self->start);
    Py_VISIT(self->snap_pos);
    Py_VISIT(Py_TYPE(self)); /* a heap type: its instances hold it */
    return 0;
}

static void unbind(Core *self) {
    self->f = NULL;
    self->fobs = NULL;
    self->freset = NULL;
    PyMem_Free(self->snap);
    self->snap = NULL;
    Py_CLEAR(self->snap_pos);
    self->obs_valid = 0;
    self->out = NULL;
    self->obs = NULL;
    self->mask = NULL;
    self->legal = NULL;
    self->u8[0] = self->u8[1] = NULL;
    Py_CLEAR(self->owners);
    Py_CLEAR(self->mask_copy);
    Py_CLEAR(self->u8_copy[0]);
    Py_CLEAR(self->u8_copy[1]);
}

static int Core_clear(Core *self) {
    unbind(self);
    self->started = 0;
    Py_CLEAR(self->history);
    Py_CLEAR(self->pos);
    Py_CLEAR(self->start);
    return 0;
}

static void Core_dealloc(Core *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    PyObject_GC_Del(self);
    Py_DECREF(tp);
}

static void *addr_of(PyObject *o) {
    return PyLong_AsVoidPtr(o);
}

/* _fast_bind(fn, fobs, freset, env_id, out, obs, L, mask, A, legal, u8_south, u8_north, owners, mask8, u8s)
 * fn, fobs, freset (mancala_env_step, _observe, _reset), out, obs, mask, legal,
 * u8_*: addresses (ints); owners: any object
 * keeping the buffers alive; mask8: the int8 array over mask; u8s: the
 * two uint8 arrays over u8_south and u8_north. */
static PyObject *Core_bind(Core *self, PyObject *args) {
    PyObject *fn, *fo, *fr, *out, *obs, *mask, *legal, *us, *un, *owners, *mask8, *u8s;
    long long id;
    int L, A;
    if (!PyArg_ParseTuple(args, "OOOLOOiOiOOOOOO", &fn, &fo, &fr, &id, &out, &obs, &L, &mask, &A, &legal, &us, &un,
                          &owners, &mask8, &u8s))
        return NULL;
    void *pf = addr_of(fn), *pfo = addr_of(fo), *pfr = addr_of(fr), *po = addr_of(out), *pobs = addr_of(obs),
         *pm = addr_of(mask), *pl = addr_of(legal), *ps = addr_of(us), *pn = addr_of(un);
    if (PyErr_Occurred())
        return NULL;
    if (!pf || !pfo || !pfr || !po || !pobs || !pm || !pl || !ps || !pn || L <= 0 || A <= 0) {
        PyErr_SetString(PyExc_ValueError, "_fast_bind: a NULL address or an empty buffer");
        return NULL;
    }
    PyObject *mc = PyObject_GetAttrString(mask8, "copy");
    if (!mc)
        return NULL;
    PyObject *s = PySequence_GetItem(u8s, 0), *n = s ? PySequence_GetItem(u8s, 1) : NULL;
    PyObject *sc = s ? PyObject_GetAttrString(s, "copy") : NULL;
    PyObject *nc = n ? PyObject_GetAttrString(n, "copy") : NULL;
    Py_XDECREF(s);
    Py_XDECREF(n);
    if (!sc || !nc) {
        Py_DECREF(mc);
        Py_XDECREF(sc);
        Py_XDECREF(nc);
        return NULL;
    }
    unbind(self);
    self->f = (step_fn)pf;
    self->fobs = (observe_fn)pfo;
    self->freset = (reset_fn)pfr;
    self->want_obs = 3;
    self->obs_valid = 0;
    self->read = 0;
    self->idle[0] = self->idle[1] = 0;
    self->h.id = id;
    self->out = po;
    self->obs = pobs;
    self->L = L;
    self->mask = pm;
    self->A = A;
    self->legal = pl;
    self->u8[0] = ps;
    self->u8[1] = pn;
    Py_INCREF(owners);
    self->owners = owners;
    self->mask_copy = mc;
    self->u8_copy[0] = sc;
    self->u8_copy[1] = nc;
    Py_RETURN_NONE;
}

static PyObject *Core_unbind(Core *self, PyObject *unused) {
    (void)unused;
    unbind(self);
    Py_RETURN_NONE;
}

/* The library's step of id a (in range, the game started and not over,
 * no search), then the bookkeeping: action (an int) appended to history,
 * the position's cache dropped; the rewards. */
static PyObject *do_step(Core *self, long a, PyObject *action) {
    step_t *o = self->out;
    /* the seats asked since the step before: both, one (its half of the
     * buffer), or none */
    char w = self->want_obs;
    for (int i = 0; i < 2; i++) {
        char bit = (char)(1 << i);
        if (!(w & bit))
            continue;
        if (self->read & bit)
            self->idle[i] = 0;
        else if (++self->idle[i] >= IDLE)
            w &= (char)~bit;
    }
    int32_t seat = w == 3 ? SEAT_BOTH : w == 2 ? 1 : 0;
    float *obs = w == 0 ? NULL : w == 2 ? self->obs + self->L : self->obs;
    int32_t cap = w == 0 ? 0 : w == 3 ? 2 * self->L : self->L;
    int32_t st = forked ? -1
                        : self->f(self->h, (int32_t)a, o, seat, obs, cap, self->mask, self->A, self->legal, self->A);
    if (st) {
        PyObject *s = PyLong_FromLong(st);
        if (!s)
            return NULL;
        PyObject *r = PyObject_CallMethodObjArgs((PyObject *)self, str_step_failed, s, action, NULL);
        Py_DECREF(s);
        if (r) { /* _step_failed always raises */
            Py_DECREF(r);
            PyErr_SetString(PyExc_SystemError, "_step_failed returned");
        }
        return NULL;
    }
    /* The game's own state first, the rewards read: history's append
     * (a list subclass's, any object's) runs Python that may reset,
     * undo (rebinding the buffers, freeing o) or step this game. */
    self->obs_valid = w;
    self->want_obs = w;
    self->read = 0;
    Py_CLEAR(self->pos);
    PyObject *t;
    if (o->rewards[0] == 0.0f && o->rewards[1] == 0.0f) {
        Py_INCREF(zero_rewards);
        t = zero_rewards;
    } else {
        PyObject *r0 = PyFloat_FromDouble(o->rewards[0]);
        PyObject *r1 = r0 ? PyFloat_FromDouble(o->rewards[1]) : NULL;
        t = r1 ? PyTuple_Pack(2, r0, r1) : NULL;
        Py_XDECREF(r0);
        Py_XDECREF(r1);
    }
    PyObject *h = self->history;
    if (t && h && PyList_CheckExact(h)) {
        if (PyList_Append(h, action) < 0)
            SETREF(t, NULL);
    } else if (t && h) {
        Py_INCREF(h); /* the append may replace self->history */
        PyObject *r = PyObject_CallMethodObjArgs(h, str_append, action, NULL);
        Py_DECREF(h);
        if (!r)
            SETREF(t, NULL);
        Py_XDECREF(r);
    }
    return t;
}

/* An exact int in [0, A), else -1. */
static long plain_id(Core *self, PyObject *action) {
    if (!PyLong_CheckExact(action))
        return -1;
    int overflow = 0;
    long a = PyLong_AsLongAndOverflow(action, &overflow);
    if (a == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    if (overflow || a < 0 || a >= self->A)
        return -1;
    return a;
}

static PyObject *step(Core *self, PyObject *action) {
    step_t *o = self->out;
    long a;
    if (busy_error(self))
        return NULL;
    if (!self->started || !o || o->state || (a = plain_id(self, action)) < 0)
        return PyObject_CallMethodObjArgs((PyObject *)self, str_step_checked, action, NULL);
    if (self->searches)
        return PyObject_CallMethodObjArgs((PyObject *)self, str_step_search, action, NULL);
    return do_step(self, a, action);
}

/* _fast_snapshot(start): keeps the buffers as they are now (the start of
 * a self-play game, just reset; start: its position text) for reset(). */
static PyObject *snapshot(Core *self, PyObject *start) {
    if (!self->out || !self->started || !PyUnicode_Check(start)) {
        PyErr_SetString(PyExc_SystemError, "_fast_snapshot: not bound, not started, or no start text");
        return NULL;
    }
    size_t no = sizeof(float) * 2 * (size_t)self->L, nm = (size_t)self->A, nl = sizeof(int32_t) * (size_t)self->A;
    char *p = PyMem_Malloc(no + nm + nl);
    if (!p)
        return PyErr_NoMemory();
    memcpy(p, self->obs, no);
    memcpy(p + no, self->mask, nm);
    memcpy(p + no + nm, self->legal, nl);
    PyMem_Free(self->snap);
    self->snap = p;
    self->snap_out = *self->out;
    self->snap_out.rewards[0] = self->snap_out.rewards[1] = 0.0f;
    Py_INCREF(start);
    SETREF(self->snap_pos, start);
    Py_RETURN_NONE;
}

static PyObject *reset(Core *self, PyObject *args, PyObject *kw) {
    if (busy_error(self))
        return NULL;
    if (!self->snap || forked || self->searches || (args && PyTuple_Size(args)) || (kw && PyDict_Size(kw))) {
        PyObject *m = PyObject_GetAttr((PyObject *)self, str_reset_checked);
        if (!m)
            return NULL;
        PyObject *r = PyObject_Call(m, args, kw);
        Py_DECREF(m);
        return r;
    }
    /* Self-play from the start: the library's reset, then the start's
     * buffers as the first reset left them. */
    int32_t st = self->freset(self->h, NULL);
    if (st) /* the checked reset makes the same call and raises its error */
        return PyObject_CallMethodObjArgs((PyObject *)self, str_reset_checked, NULL);
    PyObject *h = PyList_New(0);
    if (!h)
        return NULL;
    size_t no = sizeof(float) * 2 * (size_t)self->L, nm = (size_t)self->A, nl = sizeof(int32_t) * (size_t)self->A;
    memcpy(self->obs, self->snap, no);
    memcpy(self->mask, self->snap + no, nm);
    memcpy(self->legal, self->snap + no + nm, nl);
    *self->out = self->snap_out;
    self->obs_valid = 3;
    self->started = 1;
    Py_INCREF(self->snap_pos);
    SETREF(self->pos, self->snap_pos);
    Py_INCREF(start_args);
    SETREF(self->start, start_args);
    /* last: dropping the old history may run Python (a list subclass's
     * __del__) that steps this game, over the state set above */
    SETREF(self->history, h);
    Py_RETURN_NONE;
}

/* _step_plain(a): the step of an id _step_checked has checked (an exact
 * int in range, the game started and not over, no search). */
static PyObject *step_plain(Core *self, PyObject *action) {
    step_t *o = self->out;
    long a;
    if (busy_error(self))
        return NULL;
    if (!self->started || !o || o->state || self->searches || (a = plain_id(self, action)) < 0) {
        PyErr_SetString(PyExc_SystemError, "_step_plain: not a checked plain step");
        return NULL;
    }
    return do_step(self, a, action);
}

/* 0 South, 1 North, -1 neither (no exception set) */
static int seat_index(PyObject *seat) {
    if (seat == str_S)
        return 0;
    if (seat == str_N)
        return 1;
    if (PyUnicode_Check(seat)) {
        if (PyUnicode_CompareWithASCIIString(seat, "S") == 0)
            return 0;
        if (PyUnicode_CompareWithASCIIString(seat, "N") == 0)
            return 1;
    }
    return -1;
}

static PyObject *mask(Core *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"seat", NULL};
    PyObject *seat = Py_None;
    if ((args && PyTuple_Size(args)) || kw) {
        if (!PyArg_ParseTupleAndKeywords(args, kw, "|O:mask", names, &seat))
            return NULL;
    }
    if (busy_error(self))
        return NULL;
    step_t *o = self->out;
    if (self->started && o && !o->state && (seat == Py_None || seat_index(seat) == o->to_move))
        return PyObject_CallObject(self->mask_copy, NULL);
    return PyObject_CallMethodObjArgs((PyObject *)self, str_mask_other, seat, NULL);
}

/* The seat index of seat for observation(), after the checks: 0 South,
 * 1 North, its half of the buffer current (fetched from the library if
 * the last step did not write it); -1 with an exception set. */
static int observed(Core *self, PyObject *seat) {
    if (busy_error(self))
        return -1;
    if (!self->started || !self->out) {
        PyErr_SetString(PyExc_RuntimeError, "the game has not been reset: call reset() first");
        return -1;
    }
    int i = seat_index(seat);
    if (i < 0) {
        PyObject *r = PyObject_Repr(seat);
        if (r) {
            PyErr_Format(PyExc_ValueError, "unknown seat %U: S or N", r);
            Py_DECREF(r);
        }
        return -1;
    }
    char bit = (char)(1 << i);
    if (!(self->obs_valid & bit)) {
        int32_t st = forked ? -1 : self->fobs(self->h, i, self->obs + (size_t)i * self->L, self->L);
        if (st) {
            PyObject *s = PyLong_FromLong(st);
            if (!s)
                return -1;
            PyObject *r = PyObject_CallMethodObjArgs((PyObject *)self, str_observe_failed, s, NULL);
            Py_DECREF(s);
            if (r) { /* _observe_failed always raises */
                Py_DECREF(r);
                PyErr_SetString(PyExc_SystemError, "_observe_failed returned");
            }
            return -1;
        }
        self->obs_valid |= bit;
    }
    if (!(self->want_obs & bit)) {
        self->want_obs |= bit;
        self->idle[i] = 0;
    }
    self->read |= bit;
    return i;
}

static PyObject *observation(Core *self, PyObject *seat) {
    int i = observed(self, seat);
    if (i < 0)
        return NULL;
    const float *src = self->obs + (size_t)i * self->L;
    uint8_t *dst = self->u8[i];
    for (int32_t k = 0; k < self->L; k++)
        dst[k] = (uint8_t)src[k];
    return PyObject_CallObject(self->u8_copy[i], NULL);
}

/* _obs_list(seat): observation(seat) as a new list of floats (OpenSpiel's
 * observation_tensor), without a numpy array in between. */
static PyObject *obs_list(Core *self, PyObject *seat) {
    int i = observed(self, seat);
    if (i < 0)
        return NULL;
    const float *src = self->obs + (size_t)i * self->L;
    PyObject *l = PyList_New(self->L);
    if (!l)
        return NULL;
    for (int32_t k = 0; k < self->L; k++) {
        PyObject *v = PyFloat_FromDouble(src[k]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, k, v);
    }
    return l;
}

/* _mask_list(): mask() of the seat to move as a new list of ints
 * (OpenSpiel's legal_actions_mask); the game started and not over (else
 * the Python mask's answer). */
static PyObject *mask_list(Core *self, PyObject *unused) {
    (void)unused;
    if (busy_error(self))
        return NULL;
    step_t *o = self->out;
    if (!self->started || !o || o->state) {
        PyObject *m = PyObject_CallMethodObjArgs((PyObject *)self, str_mask_other, Py_None, NULL);
        if (!m)
            return NULL;
        PyObject *r = PyObject_CallMethod(m, "tolist", NULL);
        Py_DECREF(m);
        return r;
    }
    PyObject *l = PyList_New(self->A);
    if (!l)
        return NULL;
    for (int32_t k = 0; k < self->A; k++) {
        PyObject *v = PyLong_FromLong(self->mask[k]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, k, v);
    }
    return l;
}

static PyObject *get_legal(Core *self, void *closure) {
    (void)closure;
    step_t *o = self->out;
    if (!self->started || !o || o->state)
        return PyList_New(0);
    int32_t n = o->legal;
    if (n < 0 || n > self->A)
        n = 0;
    PyObject *l = PyList_New(n);
    if (!l)
        return NULL;
    for (int32_t k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(self->legal[k]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SetItem(l, k, v);
    }
    return l;
}

static PyObject *get_over(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->started && self->out && self->out->state != 0);
}

static PyObject *get_terminated(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->started && self->out && self->out->terminated == 1);
}

static PyObject *get_truncated(Core *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->started && self->out && self->out->truncated == 1);
}

static PyObject *get_to_move(Core *self, void *closure) {
    (void)closure;
    step_t *o = self->out;
    if (!self->started || !o || o->state)
        Py_RETURN_NONE;
    PyObject *s = o->to_move ? str_N : str_S;
    Py_INCREF(s);
    return s;
}

static PyObject *get_plies(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->started && self->out ? self->out->plies : 0);
}

static PyObject *get_rewards(Core *self, void *closure) {
    (void)closure;
    double r[2] = {0, 0};
    if (self->started && self->out) {
        r[0] = self->out->rewards[0];
        r[1] = self->out->rewards[1];
    }
    return Py_BuildValue("(dd)", r[0], r[1]);
}

static PyObject *poison(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    forked = 1;
    Py_RETURN_NONE;
}

static PyMethodDef core_methods[] = {
    {"step", (PyCFunction)step, METH_O,
     "step(action) -> (South's reward, North's reward)\n\nPlays action id ``action`` (a Python or numpy integer) "
     "for the seat to move (with an opponent: the agent's, then the opponent's replies) and returns the rewards "
     "(South's, North's). Raises IllegalAction for an id out of range or not legal, TypeError for anything but an "
     "integer (the game unchanged either way), and RuntimeError once the game is over."},
    {"mask", (PyCFunction)(void (*)(void))mask, METH_VARARGS | METH_KEYWORDS,
     "mask(seat=None) -> numpy.ndarray\n\nThe legal-action mask of ``seat`` (default: the seat to move): a new int8 "
     "array of ``spec.actions`` flags, 1 for each legal id; all 0 for a seat that is not to move and once the game "
     "is over."},
    {"observation", (PyCFunction)observation, METH_O,
     "observation(seat) -> numpy.ndarray\n\nThe position seen from ``seat`` (``\"S\"`` or ``\"N\"``): a new uint8 "
     "array of the spec's length, within its bounds (the layout is in the package's README)."},
    {"reset", (PyCFunction)(void (*)(void))reset, METH_VARARGS | METH_KEYWORDS,
     "reset(position=None, plies=0, *, seed=None)\n\nStarts again from the start position (or ``position``, a "
     "position of this game under these rules, taken as ``plies`` plies into the episode, 0..horizon). ``seed`` "
     "reseeds the opponent (None: its stream goes on). With an opponent that moves first, its plies are played "
     "here. A position of another game or other rules raises ValueError and changes nothing."},
    {"_fast_snapshot", (PyCFunction)snapshot, METH_O, "keeps the start's buffers for reset()"},
    {"_obs_list", (PyCFunction)obs_list, METH_O, "observation(seat) as a list of floats"},
    {"_mask_list", (PyCFunction)mask_list, METH_NOARGS, "mask() as a list of ints"},
    {"_step_plain", (PyCFunction)step_plain, METH_O, "the step of a checked id (see env.Game._step_checked)"},
    {"_fast_bind", (PyCFunction)Core_bind, METH_VARARGS, "binds the game's library handle and buffers"},
    {"_fast_unbind", (PyCFunction)Core_unbind, METH_NOARGS, "drops the binding"},
    {"_enter", (PyCFunction)enter, METH_NOARGS, "marks the game busy (RuntimeError if it is already)"},
    {"_leave", (PyCFunction)leave, METH_NOARGS, "ends _enter's mark"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"legal", (getter)get_legal, NULL, "The legal action ids of the player to move, ascending (a new list; empty "
                                       "once the game is over).", NULL},
    {"over", (getter)get_over, NULL, "The game has ended or was truncated.", NULL},
    {"terminated", (getter)get_terminated, NULL, "The game has ended (by the rules).", NULL},
    {"truncated", (getter)get_truncated, NULL, "The horizon was reached before the game ended.", NULL},
    {"to_move", (getter)get_to_move, NULL, "The seat to move, or None when the game has ended or was truncated (or "
                                           "before the first reset).", NULL},
    {"plies", (getter)get_plies, NULL, "Plies played in the episode (those before the reset's position included, "
                                       "the opponent's included).", NULL},
    {"rewards", (getter)get_rewards, NULL, "The rewards of the last step: (South's, North's).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef core_members[] = {
    {"_started", T_BOOL, offsetof(Core, started), 0, NULL},
    {"_searches", T_BOOL, offsetof(Core, searches), 0, NULL},
    {"history", T_OBJECT, offsetof(Core, history), 0, "The action ids played through step() since the reset."},
    {"_pos", T_OBJECT, offsetof(Core, pos), 0, NULL},
    {"_obs_valid", T_BYTE, offsetof(Core, obs_valid), 0, NULL},
    {"_start", T_OBJECT, offsetof(Core, start), 0, NULL},
    {NULL, 0, 0, 0, NULL},
};

static PyType_Slot core_slots[] = {
    {Py_tp_doc, "The hot methods of mancala_engine.env.Game (its C base class)."},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_dealloc, Core_dealloc},
    {Py_tp_traverse, Core_traverse},
    {Py_tp_clear, Core_clear},
    {Py_tp_methods, core_methods},
    {Py_tp_getset, core_getset},
    {Py_tp_members, core_members},
    {0, NULL},
};

static PyType_Spec core_spec = {
    "mancala_engine._fast.Core",
    sizeof(Core),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    core_slots,
};

static PyMethodDef methods[] = {
    {"poison", poison, METH_NOARGS, "poison(): every later step answers -1 (a forked child)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) {
    if (sizeof(step_t) != 20) {
        PyErr_SetString(PyExc_ImportError, "_fast: mancala_step_t is not 20 bytes here");
        return NULL;
    }
    str_S = PyUnicode_InternFromString("S");
    str_N = PyUnicode_InternFromString("N");
    str_step_checked = PyUnicode_InternFromString("_step_checked");
    str_step_search = PyUnicode_InternFromString("_step_search");
    str_step_failed = PyUnicode_InternFromString("_step_failed");
    str_mask_other = PyUnicode_InternFromString("_mask_other");
    str_append = PyUnicode_InternFromString("append");
    str_observe_failed = PyUnicode_InternFromString("_observe_failed");
    zero_rewards = Py_BuildValue("(dd)", 0.0, 0.0);
    str_reset_checked = PyUnicode_InternFromString("_reset_checked");
    start_args = Py_BuildValue("(Oi)", Py_None, 0);
    if (!str_reset_checked || !start_args || !str_observe_failed || !zero_rewards || !str_S || !str_N || !str_step_checked || !str_step_search || !str_step_failed || !str_mask_other ||
        !str_append)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    PyObject *core = PyType_FromSpec(&core_spec);
    if (!core || PyModule_AddObject(m, "Core", core) < 0) {
        Py_XDECREF(core);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
