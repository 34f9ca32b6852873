/* The Power Lines card game's compiled core: whole games played out exactly as the Python
 * engine (rules/game.py, rules/table.py) and pnp's players (simulation/players.py) play them,
 * only faster. Python is the reference; this file mirrors it function by function (each part
 * names the Python it follows), and tests/cards/test_fast_engine.py checks that both give the
 * same actions, outcomes and generator states. simulation/fast.py is its only caller.
 *
 * Nothing about the cards is fixed here: their printed values, prices and the Base's value come
 * from the Python side at every call, and an effect belongs to the kind named "0".."10".
 * Randomness is CPython's random.Random (MT19937 and _randbelow), continued from its state.
 *
 * The table is a grid of cells, indexed so that sorting indices sorts (x, y) tuples. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * CPython's Mersenne Twister (Modules/_randommodule.c) and Random._randbelow_with_getrandbits
 * (Lib/random.py): the same numbers from the same state. */

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} MT;

static uint32_t genrand_uint32(MT *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (r->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->index = 0;
    }
    y = r->mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Random._randbelow(n) for 0 < n < 2**32: getrandbits(k) is the top k bits of one word. */
static uint32_t randbelow(MT *r, uint32_t n) {
    int k = 0;
    while (k < 32 && (n >> k)) k++;
    uint32_t x = genrand_uint32(r) >> (32 - k);
    while (x >= n) x = genrand_uint32(r) >> (32 - k);
    return x;
}

/* Random.shuffle: for i in reversed(range(1, n)): j = _randbelow(i + 1); swap. */
static void shuffle(MT *r, int16_t *x, int n) {
    for (int i = n - 1; i >= 1; i--) {
        int j = (int)randbelow(r, (uint32_t)i + 1);
        int16_t t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

/* ---------------------------------------------------------------------------------------------
 * What the Python side gives at each call: the cards (catalogue order), the rules' constants
 * and the Variant. */

#define MAXK 60   /* kinds: a piece packs its kind in 6 bits */
#define MAXD 8    /* cards a price may discard */
#define NEFF 11   /* the kinds with an effect: "0".."10" */

typedef struct {
    int K, value[MAXK], price[MAXK], base_value;
    int eff[NEFF]; /* kind index of the card named "0".."10", or -1 */
    int fd_order[MAXK], nfd, high[MAXK], nhigh; /* rules/setup.py's face_down_order and _rule()'s high cards */
    /* rules constants (game.py, table.py, setup.py) */
    int actions_per_turn, shuffle_actions, free_play_max, face_down_value, margin, zero_below, one_bonus, eight_bonus,
        high_value, reserve;
    /* the Variant (variant.py), as numbers */
    int bases_apart, corners, exactly, base_adds, base_is_enemy, zero_current, zero_fd_card, zero_minus_two, zero_dec_base,
        king, two_chains, three_hand, three_may_cut, four_may, six_discarded, seven_needs_total, nine_current, nine_pays,
        deck_and_hand, all_passed_draw, turn_cap, hand_limit;
} Config;

#define E(C, n) ((C)->eff[n])

/* A piece: kind | owner << 6 | face_down << 7; -1 is an empty cell. */
#define CARD(p) ((p) & 63)
#define OWNER(p) (((p) >> 6) & 1)
#define FD(p) (((p) >> 7) & 1)
#define PIECE(card, owner, fd) ((int16_t)((card) | ((owner) << 6) | ((fd) << 7)))

/* ---------------------------------------------------------------------------------------------
 * The table (rules/table.py's Table): one block of memory, so that a copy is one memcpy. */

typedef struct {
    const Config *C;
    int W, H, M, NC, CAP; /* grid size; CAP: most cards a list may hold */
    int base[2], nb[8], nn;
    uint32_t stamp; /* changes with the table: what was worked out from it is stale */
    int nocc, nz;
    int nlk[2], nrc[2], nop[2];
    uint32_t lkst[2], rcst[2], opst[2];
    size_t size;
    char *mem;
    /* in mem: */
    int16_t *top;     /* NC: the piece in play, or -1 */
    int16_t *stk;     /* NC: the stack slot of the cards under it, or -1 */
    int32_t *occpos;  /* NC: position in occ, or -1 */
    int16_t *val;     /* NC: value cache */
    uint32_t *valst;  /* NC: the stamp of each cached value */
    uint8_t *lk[2], *rc[2], *op[2]; /* NC flags: linked, reach, open */
    int32_t *occ;     /* CAP occupied cells */
    int16_t *stacks;  /* CAP * CAP: bottom first */
    int16_t *stackn;  /* CAP */
    int32_t *zc;      /* CAP: Table.zeros, in the dict's order */
    int16_t *zv;
    uint8_t *zh;      /* has a value (not None) */
    int32_t *lkl[2], *rcl[2], *opl[2]; /* lists: linked CAP, reach and open 9 * CAP */
} Table;

#define X(T, c) ((c) / (T)->H - (T)->M)
#define Y(T, c) ((c) % (T)->H - (T)->M)

static int table_init(Table *T, const Config *C, int M, int CAP) {
    memset(T, 0, sizeof *T);
    T->C = C;
    T->CAP = CAP;
    T->M = M;
    T->H = 2 * M + 1;
    T->W = C->bases_apart + 2 * M + 1;
    T->NC = T->W * T->H;
    int NC = T->NC;
    size_t sz = 0;
#define FIELD(n) sz += ((size_t)(n) + 7) & ~(size_t)7
    FIELD(NC * 2); FIELD(NC * 2); FIELD(NC * 4); FIELD(NC * 2); FIELD(NC * 4);
    for (int i = 0; i < 6; i++) FIELD(NC);
    FIELD(CAP * 4); FIELD(CAP * CAP * 2); FIELD(CAP * 2); FIELD(CAP * 4); FIELD(CAP * 2); FIELD(CAP);
    for (int i = 0; i < 2; i++) { FIELD(CAP * 4); FIELD(CAP * 36); FIELD(CAP * 36); }
#undef FIELD
    T->size = sz;
    T->mem = malloc(sz);
    if (!T->mem) return -1;
    char *m = T->mem;
#define TAKE(ptr, type, n) do { ptr = (type *)m; m += ((size_t)(n) * sizeof(type) + 7) & ~(size_t)7; } while (0)
    TAKE(T->top, int16_t, NC); TAKE(T->stk, int16_t, NC); TAKE(T->occpos, int32_t, NC);
    TAKE(T->val, int16_t, NC); TAKE(T->valst, uint32_t, NC);
    for (int i = 0; i < 2; i++) { TAKE(T->lk[i], uint8_t, NC); TAKE(T->rc[i], uint8_t, NC); TAKE(T->op[i], uint8_t, NC); }
    TAKE(T->occ, int32_t, CAP); TAKE(T->stacks, int16_t, CAP * CAP); TAKE(T->stackn, int16_t, CAP);
    TAKE(T->zc, int32_t, CAP); TAKE(T->zv, int16_t, CAP); TAKE(T->zh, uint8_t, CAP);
    for (int i = 0; i < 2; i++) { TAKE(T->lkl[i], int32_t, CAP); TAKE(T->rcl[i], int32_t, CAP * 9); TAKE(T->opl[i], int32_t, CAP * 9); }
#undef TAKE
    memset(T->mem, 0, sz);
    for (int i = 0; i < NC; i++) { T->top[i] = -1; T->stk[i] = -1; T->occpos[i] = -1; }
    for (int i = 0; i < CAP; i++) T->stackn[i] = -1; /* -1: a free slot */
    T->base[0] = M * T->H + M;
    T->base[1] = (C->bases_apart + M) * T->H + M;
    /* SIDES, then AROUND's corners (table.py): the same order */
    int H = T->H;
    T->nb[0] = H; T->nb[1] = 1; T->nb[2] = -1; T->nb[3] = -H;
    T->nb[4] = H + 1; T->nb[5] = H - 1; T->nb[6] = -H + 1; T->nb[7] = -H - 1;
    T->nn = C->corners ? 8 : 4;
    T->stamp = 1;
    return 0;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static inline int is_near(const Table *T, int a, int b) {
    for (int i = 0; i < T->nn; i++)
        if (a + T->nb[i] == b) return 1;
    return 0;
}

static inline int is_base(const Table *T, int c) { return c == T->base[0] || c == T->base[1]; }
static inline int owner_at(const Table *T, int c) { return T->top[c] < 0 ? -1 : OWNER(T->top[c]); }

static int zero_index(const Table *T, int c) {
    for (int i = 0; i < T->nz; i++)
        if (T->zc[i] == c) return i;
    return -1;
}

static void zeros_pop(Table *T, int c) {
    int i = zero_index(T, c);
    if (i < 0) return;
    for (; i + 1 < T->nz; i++) { T->zc[i] = T->zc[i + 1]; T->zv[i] = T->zv[i + 1]; T->zh[i] = T->zh[i + 1]; }
    T->nz--;
}

static void zeros_append(Table *T, int c) { /* zeros[cell] = None, a new key */
    T->zc[T->nz] = c; T->zv[T->nz] = 0; T->zh[T->nz] = 0; T->nz++;
}

/* Table.place: `piece` on `cell`, over whatever is there. */
static void table_place(Table *T, int c, int16_t piece) {
    const Config *C = T->C;
    int16_t covered = T->top[c];
    if (covered >= 0) {
        int s = T->stk[c];
        if (s < 0) {
            for (s = 0; T->stackn[s] >= 0; s++) {}
            T->stackn[s] = 0;
            T->stk[c] = (int16_t)s;
        }
        T->stacks[s * T->CAP + T->stackn[s]++] = covered;
        zeros_pop(T, c);
    } else {
        T->occpos[c] = T->nocc;
        T->occ[T->nocc++] = c;
    }
    T->top[c] = piece;
    if (CARD(piece) == E(C, 0) && !FD(piece)) zeros_append(T, c);
    T->stamp++;
}

/* Table.remove: the top card off `cell`; the card it covered, if any, is in play again. */
static int16_t table_remove(Table *T, int c) {
    const Config *C = T->C;
    int16_t piece = T->top[c];
    zeros_pop(T, c);
    int s = T->stk[c];
    if (s >= 0) {
        int16_t uncovered = T->stacks[s * T->CAP + --T->stackn[s]];
        T->top[c] = uncovered;
        if (T->stackn[s] == 0) { T->stackn[s] = -1; T->stk[c] = -1; }
        if (CARD(uncovered) == E(C, 0) && !FD(uncovered)) zeros_append(T, c);
    } else {
        T->top[c] = -1;
        int at = T->occpos[c], last = T->occ[--T->nocc];
        T->occ[at] = last;
        T->occpos[last] = at;
        T->occpos[c] = -1;
    }
    T->stamp++;
    return piece;
}

static int value(Table *T, int c);

/* Table._read_by_zero */
static int read_by_zero(Table *T, int c) {
    const Config *C = T->C;
    int16_t piece = T->top[c];
    if (C->zero_current && CARD(piece) != E(C, 0)) return value(T, c);
    if (FD(piece) && !C->zero_fd_card) return C->face_down_value;
    return C->value[CARD(piece)];
}

/* Table._zero_base: card 0's own rule from its bordering friendlies' cells. */
static int zero_base(Table *T, const int *friends, int nf) {
    const Config *C = T->C;
    if (nf == 0) return C->zero_minus_two ? -C->zero_below : C->value[E(C, 0)];
    int best = read_by_zero(T, friends[0]);
    for (int i = 1; i < nf; i++) {
        int v = read_by_zero(T, friends[i]);
        if (v > best) best = v;
    }
    return best - C->zero_below;
}

static int friends_of(const Table *T, int c, int owner, int *out) {
    int n = 0;
    for (int i = 0; i < T->nn; i++) {
        int m = c + T->nb[i];
        if (T->top[m] >= 0 && OWNER(T->top[m]) == owner) out[n++] = m;
    }
    return n;
}

/* Table.value_of: what `piece` is worth on `cell`. */
static int value_of(Table *T, int c, int16_t piece) {
    const Config *C = T->C;
    int fr[8], nf = friends_of(T, c, OWNER(piece), fr), v;
    if (FD(piece)) v = C->face_down_value;
    else if (CARD(piece) == E(C, 0)) v = zero_base(T, fr, nf);
    else {
        v = C->value[CARD(piece)];
        if (CARD(piece) == E(C, 8)) v += C->eight_bonus * nf;
    }
    for (int i = 0; i < nf; i++) {
        int16_t f = T->top[fr[i]];
        if (CARD(f) == E(C, 1) && !FD(f)) v += C->one_bonus;
    }
    return v;
}

/* Table.value, kept until the table changes. */
static int value(Table *T, int c) {
    if (T->valst[c] != T->stamp) {
        T->val[c] = (int16_t)value_of(T, c, T->top[c]);
        T->valst[c] = T->stamp;
    }
    return T->val[c];
}

/* Table._zero_measure */
static int zero_measure(Table *T, int c) {
    if (T->C->zero_dec_base) {
        int fr[8], nf = friends_of(T, c, OWNER(T->top[c]), fr);
        return zero_base(T, fr, nf);
    }
    return value(T, c);
}

/* Table.settle: trash each face-up 0 whose value went down, again and again; `gone` gets them
 * (and `where`, if given, their cells). */
static int table_settle(Table *T, int16_t *gone, int32_t *where) {
    int ng = 0, changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < T->nz; i++) {
            int c = T->zc[i], now = zero_measure(T, c);
            if (T->zh[i] && now < T->zv[i]) {
                if (where) where[ng] = c;
                gone[ng++] = table_remove(T, c);
                changed = 1;
                break;
            }
            T->zv[i] = (int16_t)now;
            T->zh[i] = 1;
        }
    }
    return ng;
}

/* Table.linked: `owner`'s cards connected to their Base. */
static void linked(Table *T, int p) {
    if (T->lkst[p] == T->stamp) return;
    uint8_t *f = T->lk[p];
    int32_t *l = T->lkl[p];
    for (int i = 0; i < T->nlk[p]; i++) f[l[i]] = 0;
    int n = 0;
    for (int i = 0; i < T->nn; i++) {
        int c = T->base[p] + T->nb[i];
        if (owner_at(T, c) == p && !f[c]) { f[c] = 1; l[n++] = c; }
    }
    for (int k = 0; k < n; k++) { /* the set is what counts, not the order found */
        for (int i = 0; i < T->nn; i++) {
            int m = l[k] + T->nb[i];
            if (!f[m] && owner_at(T, m) == p) { f[m] = 1; l[n++] = m; }
        }
    }
    T->nlk[p] = n;
    T->lkst[p] = T->stamp;
}

/* Table.reach: the cells bordering `owner`'s Base or a connected card of theirs, Bases apart. */
static void reach(Table *T, int p) {
    if (T->rcst[p] == T->stamp) return;
    linked(T, p);
    uint8_t *f = T->rc[p];
    int32_t *l = T->rcl[p];
    for (int i = 0; i < T->nrc[p]; i++) f[l[i]] = 0;
    int n = 0;
    for (int k = -1; k < T->nlk[p]; k++) {
        int from = k < 0 ? T->base[p] : T->lkl[p][k];
        for (int i = 0; i < T->nn; i++) {
            int m = from + T->nb[i];
            if (!f[m] && !is_base(T, m)) { f[m] = 1; l[n++] = m; }
        }
    }
    T->nrc[p] = n;
    T->rcst[p] = T->stamp;
}

/* Table.open_cells, sorted. */
static void open_cells(Table *T, int p) {
    if (T->opst[p] == T->stamp) return;
    reach(T, p);
    uint8_t *f = T->op[p];
    int32_t *l = T->opl[p];
    for (int i = 0; i < T->nop[p]; i++) f[l[i]] = 0;
    int n = 0;
    for (int i = 0; i < T->nrc[p]; i++) {
        int c = T->rcl[p][i];
        if (T->top[c] < 0) { f[c] = 1; l[n++] = c; }
    }
    qsort(l, (size_t)n, sizeof(int32_t), cmp_int);
    T->nop[p] = n;
    T->opst[p] = T->stamp;
}

/* Table.total: what `owner` brings against `target` and how many cards make it. */
static int total(Table *T, int target, int p, int *count) {
    linked(T, p);
    int t = 0, n = 0;
    for (int i = 0; i < T->nn; i++) {
        int m = target + T->nb[i];
        if (T->lk[p][m]) { t += value(T, m); n++; }
    }
    if (T->C->base_adds && is_near(T, target, T->base[p])) { t += T->C->base_value; n++; }
    *count = n;
    return t;
}

/* Table.defence */
static int defence(Table *T, int target) { return is_base(T, target) ? T->C->base_value : value(T, target); }

/* Table.distance */
static int distance(const Table *T, int a, int b) {
    int dx = abs(X(T, a) - X(T, b)), dy = abs(Y(T, a) - Y(T, b));
    return T->C->king ? (dx > dy ? dx : dy) : dx + dy;
}

/* Table.closest: -1 for none */
static int closest(const Table *T, int p) {
    int best = -1, enemy = T->base[1 - p];
    for (int i = 0; i < T->nocc; i++) {
        int c = T->occ[i];
        if (OWNER(T->top[c]) != p) continue;
        int d = distance(T, c, enemy);
        if (best < 0 || d < best) best = d;
    }
    return best;
}

/* ---------------------------------------------------------------------------------------------
 * The game (rules/game.py's Game and Side). */

enum { A_FACEDOWN, A_PLAY, A_DOMINATE, A_DRAW, A_SHUFFLE, A_PICK, A_PASS, A_DECLINE };
#define T_NONE (-1)
#define T_RANDOM (-2)

typedef struct {
    uint8_t type;
    int8_t card, nd, trash; /* trash: T_NONE, T_RANDOM, or the kind drawn */
    int32_t cell, friendly; /* friendly: -1 for none */
    int32_t extra;          /* a shuffle's order: its offset in the game's pool */
    uint8_t disc[MAXD];
} Act;

typedef struct {
    Act *a;
    int n, cap;
} Acts;

static int acts_push(Acts *v, const Act *a) {
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 256;
        Act *na = realloc(v->a, (size_t)cap * sizeof(Act));
        if (!na) return -1;
        v->a = na;
        v->cap = cap;
    }
    v->a[v->n++] = *a;
    return 0;
}

typedef struct {
    int16_t *c;
    int n;
} List;

typedef struct {
    List deck, discard, trash; /* decks are drawn from the end */
    int hand[MAXK];
    int order[MAXK], norder; /* the hand dict's keys, in insertion order */
    int held;                /* hand_size */
    int drawn[MAXK], played[MAXK];
} Side;

enum { P_SEVEN, P_NINE, P_TWO, P_FOUR };
enum { END_BASE, END_OUT, END_PASSED, END_CAP };
#define MAXPEND 512

typedef struct {
    int kind, player, cell;
} Pending;

typedef struct {
    const Config *C;
    Table T;
    Side S[2];
    int first, player, turn, actions, placing[2], fresh, passes;
    Pending pend[MAXPEND];
    int npend;
    int over, winner, ending;
    MT rng;
    int rec;    /* keep the history */
    int pushes; /* actions pushed */
    Acts hist, legal, tmp, greedy;
    int16_t *pool;
    int npool, cappool;
    int16_t *gone;
    int32_t *where, *zsave; /* card 3's look-ahead: the cards it took off, and the zeros as they were */
    int32_t *cells, *cells2, *cells3; /* scratch lists of 9 * CAP */
    uint8_t *f1, *f2;                 /* scratch cell flags */
    uint8_t *combos;
    int ncombos, capcombos;
    int error; /* set on a failure: the Python exception is set */
} Game;

static int fail_mem(Game *G) {
    if (!G->error) PyErr_NoMemory();
    G->error = 1;
    return -1;
}

static int to_move(const Game *G) { return G->npend ? G->pend[0].player : G->player; }

/* Side.draw */
static void side_draw(Side *s, int n) {
    for (int i = 0; i < n && s->deck.n > 0; i++) {
        int card = s->deck.c[--s->deck.n];
        if (s->hand[card]++ == 0) s->order[s->norder++] = card;
        s->held++;
        s->drawn[card]++;
    }
}

/* Side.take */
static void side_take(Side *s, int card) {
    s->held--;
    if (--s->hand[card] == 0) {
        int i = 0;
        while (s->order[i] != card) i++;
        for (; i + 1 < s->norder; i++) s->order[i] = s->order[i + 1];
        s->norder--;
    }
}

static int pend_add(Game *G, int kind, int player, int cell) {
    if (G->npend == MAXPEND) {
        PyErr_SetString(PyExc_RuntimeError, "too many effects pending");
        G->error = 1;
        return -1;
    }
    G->pend[G->npend++] = (Pending){kind, player, cell};
    return 0;
}

static void pend_pop(Game *G) {
    memmove(G->pend, G->pend + 1, (size_t)(G->npend - 1) * sizeof(Pending));
    G->npend--;
}

/* Game.out_of_cards */
static int out_of_cards(const Game *G, int p) {
    const Side *s = &G->S[p];
    return !s->deck.n && !s->held && (G->C->deck_and_hand || !s->discard.n);
}

/* Game._settle */
static void game_settle(Game *G) {
    int ng = table_settle(&G->T, G->gone, NULL);
    for (int i = 0; i < ng; i++) {
        Side *s = &G->S[OWNER(G->gone[i])];
        s->trash.c[s->trash.n++] = (int16_t)CARD(G->gone[i]);
    }
}

/* --- the legal actions (Game._actions and the methods it calls) ------------------------------- */

/* Game._choices_of: every distinct way to pick `n` cards from the hand but the card played, in
 * catalogue order (kind indices are that order, so byte order sorts them). */
static int combo_n;
static int cmp_combo(const void *a, const void *b) { return memcmp(a, b, (size_t)combo_n); }

static int pick(Game *G, const int *hand, int start, int left, uint8_t *chosen, int nchosen) {
    if (left == 0) {
        if (G->ncombos == G->capcombos) {
            int cap = G->capcombos ? 2 * G->capcombos : 64;
            uint8_t *nc = realloc(G->combos, (size_t)cap * MAXD);
            if (!nc) return fail_mem(G);
            G->combos = nc;
            G->capcombos = cap;
        }
        memcpy(G->combos + (size_t)G->ncombos * MAXD, chosen, MAXD);
        G->ncombos++;
        return 0;
    }
    for (int k = start; k < G->C->K; k++) {
        for (int copies = hand[k] < left ? hand[k] : left; copies > 0; copies--) {
            for (int j = 0; j < copies; j++) chosen[nchosen + j] = (uint8_t)k;
            if (pick(G, hand, k + 1, left - copies, chosen, nchosen + copies) < 0) return -1;
        }
    }
    return 0;
}

static int choices(Game *G, const Side *s, int played, int n) {
    int hand[MAXK];
    uint8_t chosen[MAXD];
    memset(chosen, 0, sizeof chosen);
    memcpy(hand, s->hand, sizeof hand);
    hand[played]--;
    G->ncombos = 0;
    if (pick(G, hand, 0, n, chosen, 0) < 0) return -1;
    combo_n = n;
    qsort(G->combos, (size_t)G->ncombos, MAXD, cmp_combo);
    return G->ncombos;
}

/* Table.cut_cells: the articulation points of `p`'s line (Tarjan, from the Base), flagged in f2;
 * returns how many, listed in cells3. */
static int cut_cells(Game *G, int p) {
    Table *T = &G->T;
    linked(T, p);
    int n = T->nlk[p] + 1;
    int32_t *cell = malloc(sizeof(int32_t) * (size_t)n * 5);
    if (!cell) return fail_mem(G);
    int32_t *order = cell + n, *low = order + n, *parent = low + n, *next = parent + n;
    /* local numbering: 0 the Base, 1.. the linked cells */
    cell[0] = T->base[p];
    for (int i = 0; i < T->nlk[p]; i++) cell[i + 1] = T->lkl[p][i];
    for (int i = 0; i < n; i++) order[i] = -1;
    int ncut = 0, counter = 0;
    int32_t *walk = G->cells; /* stack of local indices */
    int top = 0;
    order[0] = low[0] = counter++;
    parent[0] = 0;
    next[0] = 0;
    walk[top++] = 0;
    while (top) {
        int u = walk[top - 1], descended = 0;
        while (next[u] < T->nn) {
            int m = cell[u] + T->nb[next[u]++];
            int v = -1;
            if (m == T->base[p]) v = 0;
            else if (T->lk[p][m]) {
                for (int i = 1; i < n; i++)
                    if (cell[i] == m) { v = i; break; }
            }
            if (v < 0) continue;
            if (order[v] < 0) {
                order[v] = low[v] = counter++;
                parent[v] = u;
                next[v] = 0;
                walk[top++] = v;
                descended = 1;
                break;
            }
            if (v != parent[u] && order[v] < low[u]) low[u] = order[v];
        }
        if (descended) continue;
        top--;
        if (u != 0) {
            int w = parent[u];
            if (low[u] < low[w]) low[w] = low[u];
            if (w != 0 && low[u] >= order[w] && !G->f2[cell[w]]) {
                G->f2[cell[w]] = 1;
                G->cells3[ncut++] = cell[w];
            }
        }
    }
    free(cell);
    return ncut;
}

/* Table.linked_without: flags in f1, listed in cells2; returns how many. */
static int linked_without(Game *G, int p, int gone) {
    Table *T = &G->T;
    int n = 0;
    for (int i = 0; i < T->nn; i++) {
        int c = T->base[p] + T->nb[i];
        if (c != gone && owner_at(T, c) == p && !G->f1[c]) { G->f1[c] = 1; G->cells2[n++] = c; }
    }
    for (int k = 0; k < n; k++)
        for (int i = 0; i < T->nn; i++) {
            int m = G->cells2[k] + T->nb[i];
            if (m != gone && !G->f1[m] && owner_at(T, m) == p) { G->f1[m] = 1; G->cells2[n++] = m; }
        }
    return n;
}

typedef struct {
    int32_t cell, friendly;
} Option;

typedef struct {
    Option *o;
    int n, cap;
} Options;

static int opt_push(Game *G, Options *v, int cell, int friendly) {
    if (v->n == v->cap) {
        int cap = v->cap ? 2 * v->cap : 64;
        Option *no = realloc(v->o, (size_t)cap * sizeof(Option));
        if (!no) return fail_mem(G);
        v->o = no;
        v->cap = cap;
    }
    v->o[v->n++] = (Option){cell, friendly};
    return 0;
}

static int in_list(const int32_t *l, int n, int c) {
    for (int i = 0; i < n; i++)
        if (l[i] == c) return 1;
    return 0;
}

/* Game._three_cells: (cell, friendly) for card 3. */
static int three_cells(Game *G, int p, int nine, Options *out) {
    Table *T = &G->T;
    const Config *C = G->C;
    linked(T, p);
    int nlinked = T->nlk[p];
    int ncut = nlinked ? cut_cells(G, p) : 0;
    if (ncut < 0) return -1;
    open_cells(T, p);
    int nopen = T->nop[p];
    int32_t *open_sorted = malloc(sizeof(int32_t) * (size_t)(nopen + 1) + sizeof(int32_t) * (size_t)T->CAP * 2);
    if (!open_sorted) return fail_mem(G);
    memcpy(open_sorted, T->opl[p], sizeof(int32_t) * (size_t)nopen);
    int32_t *friendlies = open_sorted + nopen + 1, nfr = 0;
    int32_t *linked_copy = friendlies + T->CAP;
    memcpy(linked_copy, T->lkl[p], sizeof(int32_t) * (size_t)nlinked);
    for (int i = 0; i < T->nocc; i++)
        if (OWNER(T->top[T->occ[i]]) == p) friendlies[nfr++] = T->occ[i];
    qsort(friendlies, (size_t)nfr, sizeof(int32_t), cmp_int);
    int home = T->base[p], rc = 0;
    for (int fi = 0; fi < nfr && !rc; fi++) {
        int friendly = friendlies[fi];
        if (friendly == nine) continue; /* the free card must border the 9 */
        int32_t *cells = G->cells;
        int ncells = 0, zero_near = 0;
        for (int i = 0; i < T->nn; i++)
            if (zero_index(T, friendly + T->nb[i]) >= 0) zero_near = 1;
        if (T->stk[friendly] >= 0 || zero_near) {
            /* the card under it comes back, or a 0 may go: play it out (Table.copy, remove,
             * settle), here on the table itself, which is then put back as it was */
            int nz = T->nz, skip = 0;
            memcpy(G->zsave, T->zc, sizeof(int32_t) * (size_t)nz);
            memcpy(G->zsave + T->CAP, T->zv, sizeof(int16_t) * (size_t)nz);
            memcpy(G->zsave + 2 * T->CAP, T->zh, (size_t)nz);
            G->where[0] = friendly;
            G->gone[0] = table_remove(T, friendly);
            int ngone = 1 + table_settle(T, G->gone + 1, G->where + 1);
            linked(T, p);
            if (!C->three_may_cut)
                for (int i = 0; i < nlinked; i++) {
                    int c = linked_copy[i];
                    if (c != friendly && T->top[c] >= 0 && !T->lk[p][c]) skip = 1;
                }
            if (!skip) {
                open_cells(T, p);
                ncells = T->nop[p];
                memcpy(cells, T->opl[p], sizeof(int32_t) * (size_t)ncells);
            }
            for (int i = ngone - 1; i >= 0; i--) table_place(T, G->where[i], G->gone[i]);
            memcpy(T->zc, G->zsave, sizeof(int32_t) * (size_t)nz);
            memcpy(T->zv, G->zsave + T->CAP, sizeof(int16_t) * (size_t)nz);
            memcpy(T->zh, G->zsave + 2 * T->CAP, (size_t)nz);
            T->nz = nz;
            open_cells(T, p); /* the open cells' flags, as they were */
            if (skip) continue;
        } else {
            /* Without it, the line is `still`; only the open cells beside what is gone can be
             * lost, and the friendly's own cell may open. still: f1 flags, listed in cells2. */
            int nstill, *gone = NULL, ngone = 0;
            int32_t one[1];
            if (G->f2[friendly]) {
                if (!C->three_may_cut) continue;
                nstill = linked_without(G, p, friendly);
                gone = malloc(sizeof(int) * (size_t)(nlinked + 1));
                if (!gone) { rc = fail_mem(G); break; }
                for (int i = 0; i < nlinked; i++)
                    if (!G->f1[linked_copy[i]]) gone[ngone++] = linked_copy[i];
            } else {
                nstill = 0;
                for (int i = 0; i < nlinked; i++)
                    if (linked_copy[i] != friendly) { G->f1[linked_copy[i]] = 1; G->cells2[nstill++] = linked_copy[i]; }
                one[0] = friendly;
                ngone = 1;
            }
            const int32_t *gl = gone ? (const int32_t *)gone : one;
            /* lost: flagged in the open flags' twin, cleared below */
            int32_t *lost = G->cells3 + ncut, nlost = 0;
            for (int g = 0; g < ngone; g++)
                for (int i = 0; i < T->nn; i++) {
                    int n = gl[g] + T->nb[i];
                    if (!T->op[p][n] || is_near(T, home, n)) continue;
                    int beside = 0;
                    for (int j = 0; j < T->nn; j++)
                        if (G->f1[n + T->nb[j]]) beside = 1;
                    if (!beside && !in_list(lost, nlost, n)) lost[nlost++] = n;
                }
            for (int i = 0; i < nopen; i++)
                if (!in_list(lost, nlost, open_sorted[i])) cells[ncells++] = open_sorted[i];
            int opens = is_near(T, home, friendly);
            for (int j = 0; j < T->nn; j++)
                if (G->f1[friendly + T->nb[j]]) opens = 1;
            if (opens) { /* insort */
                int at = ncells;
                while (at > 0 && cells[at - 1] > friendly) { cells[at] = cells[at - 1]; at--; }
                cells[at] = friendly;
                ncells++;
            }
            for (int i = 0; i < nstill; i++) G->f1[G->cells2[i]] = 0;
            free(gone);
        }
        for (int i = 0; i < ncells; i++) {
            int c = cells[i];
            if (is_base(T, c) || (nine >= 0 && !is_near(T, nine, c))) continue;
            if (opt_push(G, out, c, friendly) < 0) { rc = -1; break; }
        }
    }
    for (int i = 0; i < ncut; i++) G->f2[G->cells3[i]] = 0;
    free(open_sorted);
    return rc;
}

/* Game._coverable: the enemy cards a 6 may go over, sorted. */
static int coverable(Game *G, int p, Options *out) {
    Table *T = &G->T;
    reach(T, p);
    int n = 0;
    int32_t *l = G->cells;
    int most = G->C->value[E(G->C, 6)];
    for (int i = 0; i < T->nrc[p]; i++) {
        int c = T->rcl[p][i];
        if (T->top[c] >= 0 && OWNER(T->top[c]) != p && value(T, c) <= most) l[n++] = c;
    }
    qsort(l, (size_t)n, sizeof(int32_t), cmp_int);
    for (int i = 0; i < n; i++)
        if (opt_push(G, out, l[i], -1) < 0) return -1;
    return 0;
}

/* Game._cells: where `p` may play `card`. */
static int cells_for(Game *G, int card, int p, int nine, int costs_friendly, Options *out) {
    Table *T = &G->T;
    out->n = 0;
    if (costs_friendly) return three_cells(G, p, nine, out);
    open_cells(T, p);
    for (int i = 0; i < T->nop[p]; i++)
        if (opt_push(G, out, T->opl[p][i], -1) < 0) return -1;
    if (card == E(G->C, 6) && coverable(G, p, out) < 0) return -1;
    if (nine >= 0) {
        int k = 0;
        for (int i = 0; i < out->n; i++)
            if (is_near(T, nine, out->o[i].cell)) out->o[k++] = out->o[i];
        out->n = k;
    }
    return 0;
}

/* Game._borders_enemy */
static int borders_enemy(Game *G, int c, int p) {
    Table *T = &G->T;
    for (int i = 0; i < T->nn; i++) {
        int n = c + T->nb[i];
        if ((T->top[n] >= 0 && OWNER(T->top[n]) != p) || (n == T->base[1 - p] && G->C->base_is_enemy)) return 1;
    }
    return 0;
}

/* Game._plays (and _plays_of): `p`'s plays, or (nine >= 0) card 9's free play beside it. */
static int plays(Game *G, int p, int nine, Acts *out) {
    const Config *C = G->C;
    Side *s = &G->S[p];
    int pay = nine < 0 || C->nine_pays;
    int opponent_discards = G->S[1 - p].discard.n > 0;
    Options opts = {0};
    int rc = 0;
    for (int card = 0; card < C->K && !rc; card++) {
        if (!s->hand[card]) continue;
        if (nine >= 0 && !C->nine_current && C->value[card] > C->free_play_max) continue;
        int price = pay ? C->price[card] : 0;
        if (price < 0 && s->deck.n < -price) continue;
        int nd = (price > 0 ? price : 0) + (card == E(C, 3) && pay && C->three_hand ? 1 : 0);
        int npaid = 1;
        if (nd) {
            npaid = choices(G, s, card, nd);
            if (npaid < 0) { rc = -1; break; }
            if (!npaid) continue;
        }
        int costs_friendly = card == E(C, 3) && pay && !C->three_hand;
        if (cells_for(G, card, p, nine, costs_friendly, &opts) < 0) { rc = -1; break; }
        if (nine >= 0 && C->nine_current) {
            int k = 0;
            for (int i = 0; i < opts.n; i++)
                if (value_of(&G->T, opts.o[i].cell, PIECE(card, p, 0)) <= C->free_play_max) opts.o[k++] = opts.o[i];
            opts.n = k;
        }
        for (int i = 0; i < opts.n && !rc; i++) {
            Act a;
            memset(&a, 0, sizeof a);
            a.type = A_PLAY;
            a.card = (int8_t)card;
            a.cell = opts.o[i].cell;
            a.friendly = opts.o[i].friendly;
            a.nd = (int8_t)nd;
            a.trash = (card == E(C, 5) && opponent_discards && borders_enemy(G, a.cell, p)) ? T_RANDOM : T_NONE;
            for (int d = 0; d < npaid; d++) {
                if (nd) memcpy(a.disc, G->combos + (size_t)d * MAXD, MAXD);
                if (acts_push(out, &a) < 0) { rc = fail_mem(G); break; }
            }
        }
    }
    free(opts.o);
    return rc;
}

/* Game._dominations / _targets: what `p` may dominate, as an action or (seven >= 0) by card 7. */
static int dominations(Game *G, int p, int seven, Acts *out) {
    Table *T = &G->T;
    const Config *C = G->C;
    int32_t *targets = G->cells2; /* cells2: free here */
    int n = 0, enemy_base = T->base[1 - p];
    linked(T, p);
    if (seven < 0) {
        reach(T, p);
        for (int i = 0; i < T->nrc[p]; i++) {
            int c = T->rcl[p][i];
            if (T->top[c] >= 0 && OWNER(T->top[c]) != p) targets[n++] = c;
        }
        int beside = 0;
        for (int i = 0; i < T->nn; i++)
            if (T->lk[p][enemy_base + T->nb[i]]) beside = 1;
        if (beside || (C->base_adds && is_near(T, enemy_base, T->base[p]))) targets[n++] = enemy_base;
    } else {
        for (int i = 0; i < T->nn; i++) {
            int c = seven + T->nb[i];
            if ((c == enemy_base && C->base_is_enemy) || (T->top[c] >= 0 && OWNER(T->top[c]) != p)) targets[n++] = c;
        }
    }
    int k = 0;
    if (seven >= 0 && !C->seven_needs_total) k = n;
    else
        for (int i = 0; i < n; i++) {
            int count, t = total(T, targets[i], p, &count), need = defence(T, targets[i]) + C->margin;
            if (count && (C->exactly ? t == need : t >= need)) targets[k++] = targets[i];
        }
    qsort(targets, (size_t)k, sizeof(int32_t), cmp_int);
    for (int i = 0; i < k; i++) {
        Act a;
        memset(&a, 0, sizeof a);
        a.type = A_DOMINATE;
        a.cell = targets[i];
        a.friendly = -1;
        a.trash = T_NONE;
        if (acts_push(out, &a) < 0) return fail_mem(G);
    }
    return 0;
}

static int push_simple(Game *G, Acts *out, int type, int cell) {
    Act a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.cell = cell;
    a.friendly = -1;
    a.trash = T_NONE;
    if (acts_push(out, &a) < 0) return fail_mem(G);
    return 0;
}

/* Game._answers: the answers to an effect's choice, Decline last; none with nothing to choose. */
static int answers(Game *G, const Pending *pd, Acts *out) {
    Table *T = &G->T;
    int start = out->n, p = pd->player;
    if (pd->kind == P_SEVEN) {
        if (dominations(G, p, pd->cell, out) < 0) return -1;
    } else if (pd->kind == P_NINE) {
        if (plays(G, p, pd->cell, out) < 0) return -1;
    } else if (pd->kind == P_TWO) {
        int fr[8], nf = friends_of(T, pd->cell, 1 - p, fr);
        qsort(fr, (size_t)nf, sizeof(int), cmp_int);
        for (int i = 0; i < nf; i++)
            if (push_simple(G, out, A_PICK, fr[i]) < 0) return -1;
    } else if (G->S[p].deck.n) {
        if (push_simple(G, out, A_DRAW, -1) < 0) return -1;
    }
    if (out->n > start && push_simple(G, out, A_DECLINE, -1) < 0) return -1;
    return 0;
}

/* Game._actions: every action `to_move` may push now (G->legal). */
static int legal_actions(Game *G) {
    Acts *L = &G->legal;
    Table *T = &G->T;
    const Config *C = G->C;
    L->n = 0;
    if (G->over) return 0;
    if (G->npend) return answers(G, &G->pend[0], L);
    int p = G->player;
    Side *s = &G->S[p];
    if (G->turn == 0) {
        open_cells(T, p);
        for (int card = 0; card < C->K; card++) {
            if (!s->hand[card]) continue;
            for (int i = 0; i < T->nop[p]; i++) {
                Act a;
                memset(&a, 0, sizeof a);
                a.type = A_FACEDOWN;
                a.card = (int8_t)card;
                a.cell = T->opl[p][i];
                a.friendly = -1;
                a.trash = T_NONE;
                if (acts_push(L, &a) < 0) return fail_mem(G);
            }
        }
        return 0;
    }
    if (G->actions >= 1) {
        if (plays(G, p, -1, L) < 0 || dominations(G, p, -1, L) < 0) return -1;
        if (s->deck.n && (C->hand_limit < 0 || s->held < C->hand_limit) && push_simple(G, L, A_DRAW, -1) < 0) return -1;
    }
    if (G->actions >= C->shuffle_actions && s->discard.n && push_simple(G, L, A_SHUFFLE, -1) < 0) return -1;
    if (!L->n && push_simple(G, L, A_PASS, -1) < 0) return -1;
    return 0;
}

/* --- pushing an action (Game.push and what it calls) ------------------------------------------ */

/* Game._off_table */
static int off_table(Game *G, int cell, int to_trash, int chain) {
    Table *T = &G->T;
    int16_t piece = table_remove(T, cell);
    Side *s = &G->S[OWNER(piece)];
    List *l = to_trash ? &s->trash : &s->discard;
    l->c[l->n++] = (int16_t)CARD(piece);
    if (CARD(piece) == E(G->C, 2) && !FD(piece) && chain) {
        int picker = 1 - OWNER(piece), any = G->C->base_is_enemy;
        for (int i = 0; i < T->nocc && !any; i++)
            if (OWNER(T->top[T->occ[i]]) == picker) any = 1;
        if (any && pend_add(G, P_TWO, picker, cell) < 0) return -1;
    }
    game_settle(G);
    return 0;
}

/* Game._dominate */
static int dominate(Game *G, int cell, int p) {
    if (cell == G->T.base[1 - p]) {
        G->over = 1;
        G->winner = p;
        G->ending = END_BASE;
        return 0;
    }
    return off_table(G, cell, 1, 1);
}

/* Game._play */
static int play(Game *G, const Act *a, int p, int free_play) {
    const Config *C = G->C;
    Table *T = &G->T;
    Side *s = &G->S[p];
    int card = a->card, cell = a->cell;
    side_take(s, card);
    if (!free_play || C->nine_pays) {
        for (int i = 0; i < a->nd; i++) {
            side_take(s, a->disc[i]);
            s->discard.c[s->discard.n++] = a->disc[i];
        }
        side_draw(s, C->price[card] < 0 ? -C->price[card] : 0);
        if (a->friendly >= 0 && off_table(G, a->friendly, 0, 1) < 0) return -1;
    }
    if (T->top[cell] >= 0 && C->six_discarded && off_table(G, cell, 0, 1) < 0) return -1;
    table_place(T, cell, PIECE(card, p, 0));
    game_settle(G);
    int fr[8], nf = friends_of(T, cell, 1 - p, fr);
    for (int i = 0; i < nf; i++) {
        int16_t piece = T->top[fr[i]];
        if (CARD(piece) == E(C, 4) && !FD(piece)) {
            if (!C->four_may) side_draw(&G->S[1 - p], 1);
            else if (pend_add(G, P_FOUR, 1 - p, fr[i]) < 0) return -1;
        }
    }
    if (a->trash >= 0) {
        List *pile = &G->S[1 - p].discard;
        int i = 0;
        while (pile->c[i] != a->trash) i++;
        memmove(pile->c + i, pile->c + i + 1, sizeof(int16_t) * (size_t)(pile->n - i - 1));
        pile->n--;
        List *tr = &G->S[1 - p].trash;
        tr->c[tr->n++] = a->trash;
    }
    if ((card == E(C, 7) || card == E(C, 9)) && pend_add(G, card == E(C, 7) ? P_SEVEN : P_NINE, p, cell) < 0) return -1;
    return 0;
}

/* Game._new_turn */
static void new_turn(Game *G, int player) {
    G->turn++;
    if (G->turn > G->C->turn_cap) {
        G->over = 1;
        G->winner = -1;
        G->ending = END_CAP;
        return;
    }
    G->player = player;
    G->actions = G->C->actions_per_turn;
    G->fresh = 1;
}

/* Game._next_placer */
static void next_placer(Game *G) {
    int other = 1 - G->player;
    if (G->placing[other]) G->player = other;
    else if (!G->placing[G->player]) new_turn(G, G->first);
}

/* Game._judge: the player with a card nearer the enemy Base wins. */
static void judge(Game *G, int ending) {
    int far[2];
    for (int p = 0; p < 2; p++) {
        int n = closest(&G->T, p);
        far[p] = n < 0 ? 1 << 30 : n;
    }
    G->over = 1;
    G->ending = ending;
    G->winner = far[0] == far[1] ? -1 : far[1] < far[0];
}

/* Game._advance: skip the effects with nothing to choose, then move the game on. */
static int advance(Game *G) {
    if (G->over) {
        G->npend = 0;
        return 0;
    }
    while (G->npend) {
        G->tmp.n = 0;
        if (answers(G, &G->pend[0], &G->tmp) < 0) return -1;
        if (G->tmp.n) break;
        pend_pop(G);
    }
    if (G->npend) return 0;
    if (G->turn == 0) {
        next_placer(G);
        return 0;
    }
    if (out_of_cards(G, 0) && out_of_cards(G, 1)) judge(G, END_OUT);
    else if (G->passes >= 2) {
        if (!G->C->all_passed_draw) judge(G, END_PASSED);
        else { G->over = 1; G->winner = -1; G->ending = END_PASSED; }
    } else if (G->actions <= 0)
        new_turn(G, 1 - G->player);
    return 0;
}

/* Game.push for an action of the legal list: its chance part drawn, applied, kept. */
static int push(Game *G, const Act *chosen) {
    const Config *C = G->C;
    Act a = *chosen;
    int mover = to_move(G);
    if (a.type == A_SHUFFLE) { /* Game._drawn: the deck then the discard pile, shuffled */
        Side *s = &G->S[G->player];
        int n = s->deck.n + s->discard.n;
        if (G->npool + n > G->cappool) {
            int cap = 2 * (G->npool + n) + 256;
            int16_t *np = realloc(G->pool, sizeof(int16_t) * (size_t)cap);
            if (!np) return fail_mem(G);
            G->pool = np;
            G->cappool = cap;
        }
        int16_t *order = G->pool + G->npool;
        memcpy(order, s->deck.c, sizeof(int16_t) * (size_t)s->deck.n);
        memcpy(order + s->deck.n, s->discard.c, sizeof(int16_t) * (size_t)s->discard.n);
        shuffle(&G->rng, order, n);
        a.extra = G->npool;
        a.nd = 0;
        a.friendly = n; /* a shuffle's length rides in `friendly` */
        if (G->rec) G->npool += n;
        memcpy(s->deck.c, order, sizeof(int16_t) * (size_t)n);
        s->deck.n = n;
        s->discard.n = 0;
    } else if (a.type == A_PLAY && a.trash == T_RANDOM) {
        List *pile = &G->S[1 - mover].discard;
        a.trash = (int8_t)pile->c[randbelow(&G->rng, (uint32_t)pile->n)];
    }
    if (G->npend) { /* Game._answer */
        Pending pd = G->pend[0];
        pend_pop(G);
        int p = pd.player;
        if (a.type == A_DOMINATE) { if (dominate(G, a.cell, p) < 0) return -1; }
        else if (a.type == A_PLAY) { if (play(G, &a, p, 1) < 0) return -1; }
        else if (a.type == A_PICK) { if (off_table(G, a.cell, 0, C->two_chains) < 0) return -1; }
        else if (a.type == A_DRAW) side_draw(&G->S[p], 1);
    } else if (G->turn == 0) { /* Game._face_down */
        int p = G->player;
        side_take(&G->S[p], a.card);
        table_place(&G->T, a.cell, PIECE(a.card, p, 1));
        G->placing[p]--;
    } else { /* Game._act */
        int p = G->player;
        if (a.type == A_PASS) {
            G->passes = G->fresh ? G->passes + 1 : 0;
            G->actions = 0;
        } else {
            G->passes = 0;
            G->fresh = 0;
            if (a.type == A_SHUFFLE) G->actions -= C->shuffle_actions;
            else {
                G->actions -= 1;
                if (a.type == A_PLAY) { if (play(G, &a, p, 0) < 0) return -1; }
                else if (a.type == A_DOMINATE) { if (dominate(G, a.cell, p) < 0) return -1; }
                else side_draw(&G->S[p], 1);
            }
        }
    }
    if (a.type == A_PLAY) G->S[mover].played[(int)a.card]++;
    G->pushes++;
    if (G->rec && acts_push(&G->hist, &a) < 0) return fail_mem(G);
    return advance(G);
}

/* ---------------------------------------------------------------------------------------------
 * The players (simulation/players.py). */

enum { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_PASSER };

static const Act *find(const Acts *L, int type, int cell) {
    for (int i = 0; i < L->n; i++)
        if (L->a[i].type == type && (cell < 0 || L->a[i].cell == cell)) return &L->a[i];
    return NULL;
}

static inline int steps(const Table *T, int a, int b) { return abs(X(T, a) - X(T, b)) + abs(Y(T, a) - Y(T, b)); }

/* _Greedy's state for one decision */
typedef struct {
    Game *G;
    Table *T;
    int p, enemy, fronts[8], nfronts, total;
    double unseen; /* average_unseen */
    int gaps_none[8], ngaps, has_gaps_none; /* self.gaps[None]: (front, gap) */
    int gap_fronts[8];
} Greedy;

static int is_front(const Greedy *g, int c) {
    for (int i = 0; i < g->nfronts; i++)
        if (g->fronts[i] == c) return 1;
    return 0;
}

/* _Greedy.cheapness: (price, printed value) */
static int cheaper(const Config *C, int a, int b) { /* -1, 0, 1 comparing cheapness of kinds a, b */
    if (C->price[a] != C->price[b]) return C->price[a] < C->price[b] ? -1 : 1;
    if (C->value[a] != C->value[b]) return C->value[a] < C->value[b] ? -1 : 1;
    return 0;
}

/* _Greedy.place: (steps to the enemy Base, |y|, -y, x) */
static int place_cmp(const Greedy *g, int a, int b) {
    const Table *T = g->T;
    int ka[4] = {steps(T, a, g->enemy), abs(Y(T, a)), -Y(T, a), X(T, a)};
    int kb[4] = {steps(T, b, g->enemy), abs(Y(T, b)), -Y(T, b), X(T, b)};
    for (int i = 0; i < 4; i++)
        if (ka[i] != kb[i]) return ka[i] < kb[i] ? -1 : 1;
    return 0;
}

/* players._worth, compared as the sorted-descending lists of two discards */
static void worth_key(const Config *C, const Act *a, int *key) {
    int n = a->nd;
    for (int i = 0; i < n; i++) {
        int card = a->disc[i], v = C->value[card];
        int rank = v >= C->high_value ? 2 : (C->price[card] < 0 && card != E(C, 3)) ? 1 : 0;
        key[i] = rank * 1000 + v; /* (rank, value) in one number: values stay far below 1000 */
    }
    for (int i = 1; i < n; i++) /* sort descending */
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) { int t = key[j]; key[j] = key[j - 1]; key[j - 1] = t; }
}

/* _Greedy.gap: the empty front cells' distance from the line (a card on `cell`, the friendly on
 * `gone` taken by a 3) */
static int gap(Greedy *g, int cell, int gone) {
    Table *T = g->T;
    int p = g->p, fr[8], gp[8], n = 0;
    if (gone < 0 && g->has_gaps_none) {
        n = g->ngaps;
        memcpy(fr, g->gap_fronts, sizeof fr);
        memcpy(gp, g->gaps_none, sizeof gp);
    } else {
        for (int i = 0; i < g->nfronts; i++) {
            int f = g->fronts[i];
            if (T->top[f] >= 0) continue;
            int best = steps(T, T->base[p], f);
            for (int k = 0; k < T->nlk[p]; k++) {
                int c = T->lkl[p][k];
                if (c == gone) continue;
                int s = steps(T, c, f);
                if (s < best) best = s;
            }
            fr[n] = f;
            gp[n++] = best - 1;
        }
        if (gone < 0) {
            g->has_gaps_none = 1;
            g->ngaps = n;
            memcpy(g->gap_fronts, fr, sizeof fr);
            memcpy(g->gaps_none, gp, sizeof gp);
        }
    }
    int sum = 0;
    for (int i = 0; i < n; i++) {
        int v = gp[i];
        if (cell >= 0) {
            int s = steps(T, cell, fr[i]) - 1;
            if (s < v) v = s;
        }
        sum += v;
    }
    return sum;
}

/* _Greedy.gain: what a play adds to the total */
static int gain(Greedy *g, const Act *a) {
    Table *T = g->T;
    const Config *C = g->G->C;
    int p = g->p, card = a->card;
    int added = is_front(g, a->cell) ? value_of(T, a->cell, PIECE(card, p, 0)) : 0;
    int fr[8], nf = friends_of(T, a->cell, p, fr);
    for (int i = 0; i < nf; i++) {
        int n = fr[i];
        if (!is_front(g, n) || !T->lk[p][n]) continue;
        int16_t friend = T->top[n];
        if (card == E(C, 1)) added += C->one_bonus;
        if (FD(friend)) continue;
        if (CARD(friend) == E(C, 8)) added += C->eight_bonus;
        else if (CARD(friend) == E(C, 0)) {
            int more = C->value[card] - C->zero_below - value(T, n);
            if (more > 0) added += more;
        }
    }
    return added;
}

/* _Greedy.kept: the hand's RESERVE best cards above the unseen average (counts per kind) */
static void kept(Greedy *g, int *keep) {
    const Config *C = g->G->C;
    const Side *s = &g->G->S[g->p];
    double bar = g->unseen > (double)(C->high_value - 1) ? g->unseen : (double)(C->high_value - 1);
    int kinds[MAXK], n = 0, left = C->reserve;
    memset(keep, 0, sizeof(int) * MAXK);
    /* hand.items() order, then a stable sort by value, highest first: kinds suffice, as copies
     * of one kind stand together */
    for (int i = 0; i < s->norder; i++)
        if ((double)C->value[s->order[i]] > bar) kinds[n++] = s->order[i];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && C->value[kinds[j]] > C->value[kinds[j - 1]]; j--) { int t = kinds[j]; kinds[j] = kinds[j - 1]; kinds[j - 1] = t; }
    for (int i = 0; i < n && left > 0; i++) {
        int take = s->hand[kinds[i]] < left ? s->hand[kinds[i]] : left;
        keep[kinds[i]] = take;
        left -= take;
    }
}

/* _Greedy.takes: whether a play spends a card kept for the front */
static int takes(Greedy *g, const Act *a, const int *keep) {
    const Side *s = &g->G->S[g->p];
    int spent[MAXK];
    memset(spent, 0, sizeof spent);
    spent[(int)a->card]++;
    for (int i = 0; i < a->nd; i++) spent[a->disc[i]]++;
    for (int c = 0; c < g->G->C->K; c++)
        if (keep[c] && s->hand[c] - spent[c] < keep[c]) return 1;
    return 0;
}

/* players.greedy_player: the index of its choice in G->legal */
static int greedy(Game *G, int *choice) {
    const Config *C = G->C;
    Table *T = &G->T;
    Acts *L = &G->legal;
    Greedy g;
    memset(&g, 0, sizeof g);
    g.G = G;
    g.T = T;
    g.p = to_move(G);
    int p = g.p;
    g.enemy = T->base[1 - p];
    for (int i = 0; i < T->nn; i++) g.fronts[i] = g.enemy + T->nb[i];
    g.nfronts = T->nn;
    int count;
    g.total = total(T, g.enemy, p, &count);
    linked(T, p);
    const Side *s = &G->S[p];
    {
        long sum = 0;
        for (int i = 0; i < s->deck.n; i++) sum += C->value[s->deck.c[i]];
        g.unseen = s->deck.n ? (double)sum / (double)s->deck.n : 0.0;
    }
    int phase_kind = G->npend ? G->pend[0].kind : -1;
    if (!G->npend && G->turn == 0) { /* face_down: setup.face_down_counts(hand, 1), nearest cell */
        int reserved[MAXK], left = C->reserve, card = -1;
        memset(reserved, 0, sizeof reserved);
        for (int i = 0; i < C->nhigh; i++) {
            int k = C->high[i], r = s->hand[k] < left ? s->hand[k] : left;
            reserved[k] = r;
            left -= r;
        }
        for (int i = 0; i < C->nfd && card < 0; i++)
            if (s->hand[C->fd_order[i]] - reserved[C->fd_order[i]] > 0) card = C->fd_order[i];
        for (int i = C->nhigh - 1; i >= 0 && card < 0; i--)
            if (reserved[C->high[i]] > 0) card = C->high[i];
        int best = -1;
        for (int i = 0; i < L->n; i++)
            if (L->a[i].type == A_FACEDOWN && L->a[i].card == card && (best < 0 || place_cmp(&g, L->a[i].cell, L->a[best].cell) < 0)) best = i;
        *choice = best;
        return 0;
    }
    const Act *a;
    if ((a = find(L, A_DOMINATE, g.enemy))) { *choice = (int)(a - L->a); return 0; }
    { /* dominations: nearest its own Base, then the strongest, then the cell */
        int best = -1, home = T->base[p];
        for (int i = 0; i < L->n; i++) {
            if (L->a[i].type != A_DOMINATE) continue;
            if (best < 0) { best = i; continue; }
            int c = L->a[i].cell, b = L->a[best].cell;
            int dc = distance(T, c, home), db = distance(T, b, home);
            if (dc != db) { if (dc < db) best = i; continue; }
            int vc = -defence(T, c), vb = -defence(T, b);
            if (vc != vb) { if (vc < vb) best = i; continue; }
            if (c < b) best = i;
        }
        if (best >= 0) { *choice = best; return 0; }
    }
    { /* picks: the strongest, then the cell (max) */
        int best = -1;
        for (int i = 0; i < L->n; i++) {
            if (L->a[i].type != A_PICK) continue;
            if (best < 0) { best = i; continue; }
            int c = L->a[i].cell, b = L->a[best].cell, vc = value(T, c), vb = value(T, b);
            if (vc > vb || (vc == vb && c > b)) best = i;
        }
        if (best >= 0) { *choice = best; return 0; }
    }
    if (phase_kind == P_FOUR) { *choice = (int)(find(L, A_DRAW, -1) - L->a); return 0; }

    /* sensible: each card's discards least worth keeping, and for card 3 a spare friendly */
    int paid[MAXK], paid_key[MAXK][MAXD];
    for (int k = 0; k < C->K; k++) paid[k] = -1;
    int any_friendly = 0;
    for (int i = 0; i < L->n; i++) {
        const Act *x = &L->a[i];
        if (x->type != A_PLAY) continue;
        if (x->friendly >= 0) any_friendly = 1;
        if (!x->nd) continue;
        int k = x->card;
        if (paid[k] < 0) {
            paid[k] = i;
            worth_key(C, x, paid_key[k]);
            continue;
        }
        const Act *first = &L->a[paid[k]];
        if (x->cell != first->cell || x->friendly != first->friendly) continue; /* every cell offers the same ways to pay */
        int kx[MAXD];
        worth_key(C, x, kx);
        /* min over the set of discards: a strictly smaller key replaces (equal keys are the
         * same discards, or, with kinds of one value, a tie Python's set order breaks) */
        for (int j = 0; j < x->nd; j++)
            if (kx[j] != paid_key[k][j]) {
                if (kx[j] < paid_key[k][j]) { paid[k] = i; memcpy(paid_key[k], kx, sizeof kx); }
                break;
            }
    }
    int ncut = 0;
    if (any_friendly) {
        ncut = T->nlk[p] ? cut_cells(G, p) : 0;
        if (ncut < 0) return -1;
    }
    G->greedy.n = 0;
    for (int i = 0; i < L->n; i++) {
        const Act *x = &L->a[i];
        if (x->type != A_PLAY) continue;
        if (x->nd && memcmp(x->disc, L->a[paid[(int)x->card]].disc, (size_t)x->nd)) continue;
        if (x->friendly >= 0 && (G->f2[x->friendly] || x->friendly == x->cell || steps(T, x->friendly, g.enemy) <= 2)) continue;
        Act y = *x;
        y.extra = i; /* its index in the legal list */
        if (acts_push(&G->greedy, &y) < 0) { for (int j = 0; j < ncut; j++) G->f2[G->cells3[j]] = 0; return fail_mem(G); }
    }
    for (int j = 0; j < ncut; j++) G->f2[G->cells3[j]] = 0;
    Acts *P = &G->greedy;

    /* near: (gain, play) for the plays within two steps of the enemy Base */
    int *gains = malloc(sizeof(int) * (size_t)(P->n + 1));
    if (!gains) return fail_mem(G);
    int result = -1;
    /* winning */
    {
        int need = C->base_value + C->margin, first7 = -1, cheapest = -1;
        for (int i = 0; i < P->n; i++) {
            gains[i] = steps(T, P->a[i].cell, g.enemy) <= 2 ? gain(&g, &P->a[i]) : INT32_MIN;
            if (gains[i] == INT32_MIN || g.total + gains[i] < need) continue;
            if (first7 < 0 && P->a[i].card == E(C, 7) && is_front(&g, P->a[i].cell)) first7 = i;
            if (cheapest < 0 || cheaper(C, P->a[i].card, P->a[cheapest].card) < 0) cheapest = i;
        }
        if (first7 >= 0) result = first7;
        else if (cheapest >= 0) result = cheapest;
    }
    if (result < 0) { /* adding */
        int missing = C->base_value + C->margin - g.total, empty = 0;
        for (int i = 0; i < g.nfronts; i++)
            if (T->top[g.fronts[i]] < 0) empty++;
        double bar = (double)missing / (double)(empty > 1 ? empty : 1);
        if (g.unseen < bar) bar = g.unseen;
        int best = -1;
        for (int i = 0; i < P->n; i++) {
            int gi = gains[i];
            if (gi == INT32_MIN || gi <= 0 || (double)gi < bar) continue;
            if (best < 0 || gi > gains[best] || (gi == gains[best] && cheaper(C, P->a[i].card, P->a[best].card) < 0)) best = i;
        }
        result = best;
    }
    if (result < 0) { /* extending */
        open_cells(T, p);
        int front_open = 0;
        for (int i = 0; i < g.nfronts; i++)
            if (T->op[p][g.fronts[i]]) front_open = 1;
        if (!front_open) {
            int keep[MAXK], any_keep = 0, spends[MAXK];
            kept(&g, keep);
            for (int k = 0; k < C->K; k++) { any_keep |= keep[k]; spends[k] = 0; }
            if (any_keep) /* {a.card: a for a in plays}: each card's last play */
                for (int i = 0; i < P->n; i++) spends[(int)P->a[i].card] = takes(&g, &P->a[i], keep);
            int best_gap = INT32_MAX, best = -1, *score = gains; /* gains no longer needed */
            for (int i = 0; i < P->n; i++) {
                const Act *x = &P->a[i];
                score[i] = INT32_MAX;
                if (is_front(&g, x->cell) || spends[(int)x->card]) continue;
                score[i] = gap(&g, x->cell, x->friendly);
                if (score[i] < best_gap) best_gap = score[i];
            }
            if (best_gap != INT32_MAX && best_gap < gap(&g, -1, -1)) {
                for (int i = 0; i < P->n; i++) {
                    if (score[i] != best_gap) continue;
                    if (best < 0) { best = i; continue; }
                    int c = cheaper(C, P->a[i].card, P->a[best].card);
                    if (c < 0 || (c == 0 && place_cmp(&g, P->a[i].cell, P->a[best].cell) < 0)) best = i;
                }
                result = best;
            }
        }
    }
    free(gains);
    if (result >= 0) { *choice = P->a[result].extra; return 0; }
    if (phase_kind == P_NINE) { *choice = (int)(find(L, A_DECLINE, -1) - L->a); return 0; }
    if ((a = find(L, A_DRAW, -1))) { *choice = (int)(a - L->a); return 0; }
    if ((a = find(L, A_SHUFFLE, -1))) { *choice = (int)(a - L->a); return 0; }
    /* last_resort */
    if (P->n) {
        int best = 0;
        for (int i = 1; i < P->n; i++) {
            int c = place_cmp(&g, P->a[i].cell, P->a[best].cell);
            if (c < 0 || (c == 0 && cheaper(C, P->a[i].card, P->a[best].card) < 0)) best = i;
        }
        *choice = P->a[best].extra;
        return 0;
    }
    for (int i = 0; i < L->n; i++)
        if (L->a[i].type != A_DECLINE && L->a[i].type != A_PASS) { *choice = i; return 0; }
    *choice = 0;
    return 0;
}

static int choose(Game *G, int player, int *choice) {
    Acts *L = &G->legal;
    if (player == PLAYER_RANDOM) { /* random_player: rng.choice(legal) */
        *choice = (int)randbelow(&G->rng, (uint32_t)L->n);
        return 0;
    }
    if (player == PLAYER_GREEDY) return greedy(G, choice);
    /* the goldfish's opponent (simulation/solo.py): Decline when offered, else Pass */
    const Act *a = find(L, A_DECLINE, -1);
    if (!a) a = find(L, A_PASS, -1);
    if (!a) {
        PyErr_SetString(PyExc_RuntimeError, "the passing player has neither Decline nor Pass");
        G->error = 1;
        return -1;
    }
    *choice = (int)(a - L->a);
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Python glue: the state in (simulation/fast.py's encoding), the game played out, the results. */

static long item_long(PyObject *seq, Py_ssize_t i) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    long v = o == Py_None ? -1 : PyLong_AsLong(o);
    Py_DECREF(o);
    return v;
}

static int read_ints(PyObject *seq, int *out, int max, int *n) {
    PyObject *f = PySequence_Fast(seq, "a sequence of numbers is expected");
    if (!f) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(f);
    if (len > max) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "too many numbers");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(f, i);
        out[i] = o == Py_None ? -1 : (int)PyLong_AsLong(o);
    }
    Py_DECREF(f);
    if (n) *n = (int)len;
    return PyErr_Occurred() ? -1 : 0;
}

static int read_config(PyObject *cfg, Config *C) {
    memset(C, 0, sizeof *C);
    if (!PyTuple_Check(cfg) || PyTuple_GET_SIZE(cfg) != 8) {
        PyErr_SetString(PyExc_ValueError, "config: an 8-tuple is expected");
        return -1;
    }
    int n, m;
    if (read_ints(PyTuple_GET_ITEM(cfg, 0), C->value, MAXK, &C->K) < 0) return -1;
    if (read_ints(PyTuple_GET_ITEM(cfg, 1), C->price, MAXK, &n) < 0) return -1;
    C->base_value = (int)PyLong_AsLong(PyTuple_GET_ITEM(cfg, 2));
    if (read_ints(PyTuple_GET_ITEM(cfg, 3), C->eff, NEFF, &n) < 0) return -1;
    if (read_ints(PyTuple_GET_ITEM(cfg, 4), C->fd_order, MAXK, &C->nfd) < 0) return -1;
    if (read_ints(PyTuple_GET_ITEM(cfg, 5), C->high, MAXK, &C->nhigh) < 0) return -1;
    int k[10];
    if (read_ints(PyTuple_GET_ITEM(cfg, 6), k, 10, &m) < 0 || m != 10) return -1;
    C->actions_per_turn = k[0]; C->shuffle_actions = k[1]; C->free_play_max = k[2]; C->face_down_value = k[3];
    C->margin = k[4]; C->zero_below = k[5]; C->one_bonus = k[6]; C->eight_bonus = k[7]; C->high_value = k[8];
    C->reserve = k[9];
    int v[22];
    if (read_ints(PyTuple_GET_ITEM(cfg, 7), v, 22, &m) < 0 || m != 22) return -1;
    C->bases_apart = v[0]; C->corners = v[1]; C->exactly = v[2]; C->base_adds = v[3]; C->base_is_enemy = v[4];
    C->zero_current = v[5]; C->zero_fd_card = v[6]; C->zero_minus_two = v[7]; C->zero_dec_base = v[8]; C->king = v[9];
    C->two_chains = v[10]; C->three_hand = v[11]; C->three_may_cut = v[12]; C->four_may = v[13];
    C->six_discarded = v[14]; C->seven_needs_total = v[15]; C->nine_current = v[16]; C->nine_pays = v[17];
    C->deck_and_hand = v[18]; C->all_passed_draw = v[19]; C->turn_cap = v[20]; C->hand_limit = v[21];
    for (int i = 0; i < C->K; i++)
        if (C->price[i] > MAXD - 1) {
            PyErr_SetString(PyExc_ValueError, "a price too high for the compiled core");
            return -1;
        }
    return PyErr_Occurred() ? -1 : 0;
}

static void game_free(Game *G) {
    free(G->T.mem);
    for (int p = 0; p < 2; p++) { free(G->S[p].deck.c); free(G->S[p].discard.c); free(G->S[p].trash.c); }
    free(G->hist.a); free(G->legal.a); free(G->tmp.a); free(G->greedy.a);
    free(G->pool); free(G->gone); free(G->where); free(G->zsave); free(G->cells); free(G->cells2); free(G->cells3);
    free(G->f1); free(G->f2); free(G->combos);
}

static int cell_of(const Table *T, long x, long y) { return (int)((x + T->M) * T->H + (y + T->M)); }

static int read_list(PyObject *seq, List *l, int cap, const Config *C) {
    PyObject *f = PySequence_Fast(seq, "a list of cards is expected");
    if (!f) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
    l->c = malloc(sizeof(int16_t) * (size_t)cap);
    if (!l->c) { Py_DECREF(f); PyErr_NoMemory(); return -1; }
    l->n = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (k < 0 || k >= C->K) { Py_DECREF(f); if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "unknown card"); return -1; }
        l->c[i] = (int16_t)k;
    }
    Py_DECREF(f);
    return 0;
}

/* The state: (bases_apart, tops, zeros, sides, (first, player, turn, actions, placing0,
 * placing1, fresh, passes), pending); tops: (x, y, piece, under pieces bottom first); zeros:
 * (x, y, value or None) in order; a side: (deck, hand as (card, copies) in the dict's order,
 * discard, trash); pending: (kind, player, x, y). Returns 1 when the grid would be too big. */
static int read_state(Game *G, PyObject *st, int cards, int most) {
    const Config *C = G->C;
    PyObject *tops = PyTuple_GET_ITEM(st, 1), *zeros = PyTuple_GET_ITEM(st, 2), *sides = PyTuple_GET_ITEM(st, 3);
    PyObject *nums = PyTuple_GET_ITEM(st, 4), *pend = PyTuple_GET_ITEM(st, 5);
    Py_ssize_t ntops = PyTuple_GET_SIZE(tops);
    long ext = 0;
    for (Py_ssize_t i = 0; i < ntops; i++) {
        PyObject *t = PyTuple_GET_ITEM(tops, i);
        long x = PyLong_AsLong(PyTuple_GET_ITEM(t, 0)), y = PyLong_AsLong(PyTuple_GET_ITEM(t, 1));
        long e = labs(y);
        if (-x > e) e = -x;
        if (x - C->bases_apart > e) e = x - C->bases_apart;
        if (e > ext) ext = e;
    }
    long M = ext + most + 3; /* a player's card lies within their cards' count of their Base */
    if ((C->bases_apart + 2 * M + 1) * (2 * M + 1) > 4000000L) return 1;
    int CAP = cards + 8;
    if (table_init(&G->T, C, (int)M, CAP) < 0) { PyErr_NoMemory(); return -1; }
    Table *T = &G->T;
    size_t NC = (size_t)T->NC, big = (size_t)CAP * 9;
    G->gone = malloc(sizeof(int16_t) * (size_t)CAP);
    G->where = malloc(sizeof(int32_t) * (size_t)CAP);
    G->zsave = malloc(sizeof(int32_t) * (size_t)CAP * 3);
    G->cells = malloc(sizeof(int32_t) * big);
    G->cells2 = malloc(sizeof(int32_t) * big);
    G->cells3 = malloc(sizeof(int32_t) * big * 2);
    G->f1 = calloc(NC, 1);
    G->f2 = calloc(NC, 1);
    if (!G->gone || !G->where || !G->zsave || !G->cells || !G->cells2 || !G->cells3 || !G->f1 || !G->f2) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < ntops; i++) { /* Table.place, bottom first: the zeros come from the state */
        PyObject *t = PyTuple_GET_ITEM(tops, i), *under = PyTuple_GET_ITEM(t, 3);
        int c = cell_of(T, PyLong_AsLong(PyTuple_GET_ITEM(t, 0)), PyLong_AsLong(PyTuple_GET_ITEM(t, 1)));
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(under); j++) table_place(T, c, (int16_t)PyLong_AsLong(PyTuple_GET_ITEM(under, j)));
        table_place(T, c, (int16_t)PyLong_AsLong(PyTuple_GET_ITEM(t, 2)));
    }
    T->nz = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(zeros); i++) {
        PyObject *z = PyTuple_GET_ITEM(zeros, i), *v = PyTuple_GET_ITEM(z, 2);
        int c = cell_of(T, PyLong_AsLong(PyTuple_GET_ITEM(z, 0)), PyLong_AsLong(PyTuple_GET_ITEM(z, 1)));
        T->zc[T->nz] = c;
        T->zh[T->nz] = v != Py_None;
        T->zv[T->nz] = (int16_t)(v == Py_None ? 0 : PyLong_AsLong(v));
        T->nz++;
    }
    for (int p = 0; p < 2; p++) {
        PyObject *s = PyTuple_GET_ITEM(sides, p), *hand = PyTuple_GET_ITEM(s, 1);
        Side *S = &G->S[p];
        if (read_list(PyTuple_GET_ITEM(s, 0), &S->deck, CAP, C) < 0 || read_list(PyTuple_GET_ITEM(s, 2), &S->discard, CAP, C) < 0 ||
            read_list(PyTuple_GET_ITEM(s, 3), &S->trash, CAP, C) < 0)
            return -1;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(hand); i++) {
            PyObject *h = PyTuple_GET_ITEM(hand, i);
            int card = (int)PyLong_AsLong(PyTuple_GET_ITEM(h, 0)), copies = (int)PyLong_AsLong(PyTuple_GET_ITEM(h, 1));
            if (card < 0 || card >= C->K || copies <= 0) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad hand"); return -1; }
            S->hand[card] = copies;
            S->order[S->norder++] = card;
            S->held += copies;
        }
    }
    int n[8], m;
    if (read_ints(nums, n, 8, &m) < 0) return -1;
    G->first = n[0]; G->player = n[1]; G->turn = n[2]; G->actions = n[3];
    G->placing[0] = n[4]; G->placing[1] = n[5]; G->fresh = n[6]; G->passes = n[7];
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pend); i++) {
        PyObject *q = PyTuple_GET_ITEM(pend, i);
        if (pend_add(G, (int)item_long(q, 0), (int)item_long(q, 1), cell_of(T, item_long(q, 2), item_long(q, 3))) < 0) return -1;
    }
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *cell_tuple(const Table *T, int c) { return Py_BuildValue("(ii)", X(T, c), Y(T, c)); }

static PyObject *cards_tuple(const int16_t *c, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(c[i]));
    return t;
}

/* An action for simulation/fast.py to turn into its Action value. */
static PyObject *act_value(const Game *G, const Act *a) {
    const Table *T = &G->T;
    switch (a->type) {
    case A_FACEDOWN: return Py_BuildValue("(iiii)", A_FACEDOWN, a->card, X(T, a->cell), Y(T, a->cell));
    case A_PLAY: {
        int16_t d[MAXD];
        for (int i = 0; i < a->nd; i++) d[i] = a->disc[i];
        PyObject *disc = cards_tuple(d, a->nd);
        if (!disc) return NULL;
        PyObject *fr = a->friendly >= 0 ? cell_tuple(T, a->friendly) : (Py_INCREF(Py_None), Py_None);
        return Py_BuildValue("(iiiiNNi)", A_PLAY, a->card, X(T, a->cell), Y(T, a->cell), disc, fr, a->trash);
    }
    case A_DOMINATE:
    case A_PICK: return Py_BuildValue("(iii)", a->type, X(T, a->cell), Y(T, a->cell));
    case A_SHUFFLE: return Py_BuildValue("(iN)", A_SHUFFLE, cards_tuple(G->pool + a->extra, a->friendly));
    default: return Py_BuildValue("(i)", a->type);
    }
}

static PyObject *state_value(const Game *G) {
    const Table *T = &G->T;
    int *occ = malloc(sizeof(int) * (size_t)(T->nocc + 1));
    if (!occ) return PyErr_NoMemory();
    for (int i = 0; i < T->nocc; i++) occ[i] = T->occ[i];
    qsort(occ, (size_t)T->nocc, sizeof(int), cmp_int);
    PyObject *tops = PyTuple_New(T->nocc);
    for (int i = 0; tops && i < T->nocc; i++) {
        int c = occ[i], s = T->stk[c];
        PyObject *under = cards_tuple(s >= 0 ? T->stacks + s * T->CAP : NULL, s >= 0 ? T->stackn[s] : 0);
        PyTuple_SET_ITEM(tops, i, Py_BuildValue("(iiiN)", X(T, c), Y(T, c), T->top[c], under));
    }
    free(occ);
    PyObject *zeros = PyTuple_New(T->nz);
    for (int i = 0; zeros && i < T->nz; i++) {
        int c = T->zc[i];
        PyObject *v = T->zh[i] ? PyLong_FromLong(T->zv[i]) : (Py_INCREF(Py_None), Py_None);
        PyTuple_SET_ITEM(zeros, i, Py_BuildValue("(iiN)", X(T, c), Y(T, c), v));
    }
    PyObject *sides = PyTuple_New(2);
    for (int p = 0; sides && p < 2; p++) {
        const Side *s = &G->S[p];
        PyObject *hand = PyTuple_New(s->norder);
        for (int i = 0; hand && i < s->norder; i++) PyTuple_SET_ITEM(hand, i, Py_BuildValue("(ii)", s->order[i], s->hand[s->order[i]]));
        PyTuple_SET_ITEM(sides, p, Py_BuildValue("(NNNN)", cards_tuple(s->deck.c, s->deck.n), hand, cards_tuple(s->discard.c, s->discard.n), cards_tuple(s->trash.c, s->trash.n)));
    }
    PyObject *pend = PyTuple_New(G->npend);
    for (int i = 0; pend && i < G->npend; i++)
        PyTuple_SET_ITEM(pend, i, Py_BuildValue("(iiii)", G->pend[i].kind, G->pend[i].player, X(T, G->pend[i].cell), Y(T, G->pend[i].cell)));
    return Py_BuildValue("(iNNN(iiiiiiii)N)", G->C->bases_apart, tops, zeros, sides, G->first, G->player, G->turn, G->actions, G->placing[0],
                         G->placing[1], G->fresh, G->passes, pend);
}

/* Whether `p` may dominate the enemy Base from the table as it stands (solo._base_falls). */
static int base_falls(Game *G, int p) {
    Acts out = {0};
    int r = dominations(G, p, -1, &out) < 0 ? -1 : find(&out, A_DOMINATE, G->T.base[1 - p]) != NULL;
    free(out.a);
    return r;
}

static PyObject *rng_value(const MT *r) {
    PyObject *t = PyTuple_New(MT_N + 1);
    if (!t) return NULL;
    for (int i = 0; i < MT_N; i++) PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLong(r->mt[i]));
    PyTuple_SET_ITEM(t, MT_N, PyLong_FromLong(r->index));
    return t;
}

static int read_rng(PyObject *seq, MT *r) {
    PyObject *f = PySequence_Fast(seq, "the generator's state is expected");
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != MT_N + 1) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, "bad generator state"); return -1; }
    for (int i = 0; i < MT_N; i++) r->mt[i] = (uint32_t)PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(f, i));
    r->index = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, MT_N));
    Py_DECREF(f);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *counts(const int *c, int K) {
    PyObject *t = PyTuple_New(K);
    for (int i = 0; t && i < K; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(c[i]));
    return t;
}

/* playout(config, state, players, rng_state, (cards, most), history, final_state): the game played
 * to its end; `cards`: every card in the game, `most`: the most one player has. Returns None when
 * the grid would be too big for this core, else (winner or None, ending, turn, actions, pushes,
 * history or None, drawn, played, rng_state, state or None, base_falls). */
static PyObject *playout(PyObject *self, PyObject *args) {
    PyObject *cfg, *st, *pl, *rs;
    int cards, most, want_history, want_state;
    if (!PyArg_ParseTuple(args, "O!O!OO(ii)pp", &PyTuple_Type, &cfg, &PyTuple_Type, &st, &pl, &rs, &cards, &most, &want_history, &want_state)) return NULL;
    Config C;
    if (read_config(cfg, &C) < 0) return NULL;
    int players[2];
    if (read_ints(pl, players, 2, NULL) < 0) return NULL;
    Game *G = calloc(1, sizeof(Game));
    if (!G) return PyErr_NoMemory();
    G->C = &C;
    G->rec = want_history;
    PyObject *out = NULL;
    int r = read_state(G, st, cards, most);
    if (r == 1) { out = Py_None; Py_INCREF(out); goto done; }
    if (r < 0 || read_rng(rs, &G->rng) < 0) goto done;
    /* simulation/match.py's loop: the player to move chooses, push applies */
    while (!G->over) {
        int choice;
        if (legal_actions(G) < 0 || choose(G, players[to_move(G)], &choice) < 0) goto done;
        if (choice < 0 || choice >= G->legal.n) { PyErr_SetString(PyExc_RuntimeError, "no choice"); goto done; }
        if (push(G, &G->legal.a[choice]) < 0) goto done;
    }
    PyObject *hist = Py_None;
    Py_INCREF(hist);
    if (want_history) {
        Py_DECREF(hist);
        hist = PyList_New(G->hist.n);
        for (int i = 0; hist && i < G->hist.n; i++) {
            PyObject *a = act_value(G, &G->hist.a[i]);
            if (!a) { Py_CLEAR(hist); break; }
            PyList_SET_ITEM(hist, i, a);
        }
        if (!hist) goto done;
    }
    PyObject *state = want_state ? state_value(G) : (Py_INCREF(Py_None), Py_None);
    int f0 = base_falls(G, 0), f1 = base_falls(G, 1);
    if (!state || f0 < 0 || f1 < 0) { Py_DECREF(hist); Py_XDECREF(state); goto done; }
    PyObject *winner = G->winner < 0 ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(G->winner);
    out = Py_BuildValue("(NiiiiN(NN)(NN)NN(OO))", winner, G->ending, G->turn, G->actions, G->pushes, hist, counts(G->S[0].drawn, C.K), counts(G->S[1].drawn, C.K),
                        counts(G->S[0].played, C.K), counts(G->S[1].played, C.K), rng_value(&G->rng), state, f0 ? Py_True : Py_False,
                        f1 ? Py_True : Py_False);
done:
    game_free(G);
    free(G);
    return out;
}

/* randbelow(rng_state, n, count): `count` draws of Random._randbelow(n), and the state after:
 * for the test that this generator is Python's. */
static PyObject *randbelow_many(PyObject *self, PyObject *args) {
    PyObject *rs;
    unsigned long n;
    int count;
    if (!PyArg_ParseTuple(args, "Oki", &rs, &n, &count)) return NULL;
    if (n == 0 || n > 0xffffffffUL) { PyErr_SetString(PyExc_ValueError, "0 < n < 2**32"); return NULL; }
    MT r;
    if (read_rng(rs, &r) < 0) return NULL;
    PyObject *l = PyList_New(count);
    for (int i = 0; l && i < count; i++) PyList_SET_ITEM(l, i, PyLong_FromUnsignedLong(randbelow(&r, (uint32_t)n)));
    return l ? Py_BuildValue("(NN)", l, rng_value(&r)) : NULL;
}

static PyMethodDef methods[] = {
    {"playout", playout, METH_VARARGS, "Play a Power Lines card game to its end (see simulation/fast.py)."},
    {"randbelow", randbelow_many, METH_VARARGS, "Draws of random.Random._randbelow from a state."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cgame", "The Power Lines card game's compiled core.", -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__cgame(void) { return PyModule_Create(&module); }
