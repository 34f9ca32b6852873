/* The Pack Solitaire branch and bound of the solver package (solver/), compiled.
 *
 * A port of tables.py's Tables and search.py's Search: the same tables, the same
 * bounds (a few are computed in another order, never to another value), the same
 * order of children, the same node count. Given a node budget both engines stop at
 * the same node with the same layout and bound (tests/test_solver_engines.py compares
 * them). The board's geometry (visiting order, neighbours, lattice-point plans) is not
 * written twice: geometry.py sends it as a flat list of numbers, which read_geometry()
 * reads.
 *
 * Memory is fixed by the tile count: every memo is an array indexed by its key (a slot
 * that depends on the cap remembers the cap it was filled for), and the tables grow
 * only with the 4-tile arrangements of one deal, never with the search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NT 16             /* tiles */
#define NO (4 * NT)       /* oriented tiles: 4 * tile + quarter turns */
#define MASKS (1 << NT)
#define CAPS 9            /* a quadrant's inner score is 0..8 pairs */
#define NEG (-1000)       /* "nothing fits", as in search.py */
#define NOCAP (-1)        /* search.py's cap None: the TL quadrant is not done */
#define UNKNOWN INT16_MIN /* a memo slot not filled yet */
#define UL 0
#define UR 1
#define LL 2
#define LR 3
#define MAX_NB 4
#define MAX_GROUPS 16
#define MAX_SLOTS 4
#define MAX_PAIRS 8
#define MAX_KEY 2401 /* 7 ** 4: candidate keys, up to four facing squares */

/* ---- geometry, as sent by geometry.py (c_geometry) ------------------------------- */

typedef struct {
    int p, same, mine[2], theirs[2];
} Neighbour;

typedef struct {
    int n_known, size, n_pairs;
    int p[MAX_SLOTS], s[MAX_SLOTS], where[MAX_SLOTS];
    int a[MAX_PAIRS], b[MAX_PAIRS];
} Group;

typedef struct {
    int constant, most, n_groups;
    Group g[MAX_GROUPS];
} Plan;

typedef struct {
    int rel[7][7];
    int n_nb[16];
    Neighbour nb[16][MAX_NB];
    Plan plan[17];
    int loose_bl_br, row_above_bottom[4], two_turns[4], p12, p13, p21, p31;
} Geometry;

typedef struct {
    const int *v;
    Py_ssize_t n, i;
    int bad;
} Reader;

static int next_int(Reader *r, int lo, int hi) {
    if (r->i >= r->n || r->v[r->i] < lo || r->v[r->i] > hi) {
        r->bad = 1;
        return lo;
    }
    return r->v[r->i++];
}

static int read_geometry(Geometry *g, const int *v, Py_ssize_t n) {
    Reader r = {v, n, 0, 0};
    for (int a = 0; a < 7; a++)
        for (int b = 0; b < 7; b++) g->rel[a][b] = next_int(&r, -1000, 1);
    for (int k = 0; k < 16; k++) {
        g->n_nb[k] = next_int(&r, 0, MAX_NB);
        for (int i = 0; i < g->n_nb[k]; i++) {
            Neighbour *nb = &g->nb[k][i];
            nb->p = next_int(&r, 0, k - 1 < 0 ? 0 : k - 1);
            nb->same = next_int(&r, 0, 1);
            for (int j = 0; j < 2; j++) {
                nb->mine[j] = next_int(&r, 0, 3);
                nb->theirs[j] = next_int(&r, 0, 3);
            }
        }
    }
    for (int d = 0; d < 17; d++) {
        Plan *pl = &g->plan[d];
        pl->constant = next_int(&r, 0, 1000);
        pl->most = next_int(&r, 0, 1000);
        pl->n_groups = next_int(&r, 0, MAX_GROUPS);
        for (int i = 0; i < pl->n_groups; i++) {
            Group *gr = &pl->g[i];
            gr->n_known = next_int(&r, 1, 2); /* loose_memo holds 7 ** 2 keys */
            gr->size = next_int(&r, 1, MAX_SLOTS);
            gr->n_pairs = next_int(&r, 1, MAX_PAIRS);
            for (int j = 0; j < gr->n_known; j++) {
                gr->p[j] = next_int(&r, 0, 15);
                gr->s[j] = next_int(&r, 0, 3);
                gr->where[j] = next_int(&r, 0, gr->size - 1);
            }
            for (int j = 0; j < gr->n_pairs; j++) {
                gr->a[j] = next_int(&r, 0, gr->size - 1);
                gr->b[j] = next_int(&r, 0, gr->size - 1);
            }
        }
    }
    g->loose_bl_br = next_int(&r, 0, 1000);
    for (int i = 0; i < 4; i++) g->row_above_bottom[i] = next_int(&r, 0, 15);
    for (int i = 0; i < 4; i++) g->two_turns[i] = next_int(&r, 0, 3);
    g->p12 = next_int(&r, 0, 15);
    g->p13 = next_int(&r, 0, 15);
    g->p21 = next_int(&r, 0, 15);
    g->p31 = next_int(&r, 0, 15);
    return !r.bad && r.i == n;
}

/* Most matches among a lattice point's pairs, the unknown slots (7) chosen freely. */
static int point_max(const Geometry *g, int *codes, const Group *gr, int slot) {
    if (slot == gr->size) {
        int total = 0;
        for (int j = 0; j < gr->n_pairs; j++) total += g->rel[codes[gr->a[j]]][codes[gr->b[j]]];
        return total;
    }
    if (codes[slot] != 7) return point_max(g, codes, gr, slot + 1);
    int best = -1;
    for (int x = 0; x < 7; x++) {
        codes[slot] = x;
        int got = point_max(g, codes, gr, slot + 1);
        if (got > best) best = got;
    }
    codes[slot] = 7;
    return best;
}

/* ---- tables for one tile set (tables.py's Tables) --------------------------------- */

/* An arrangement packed so that comparing numbers compares (score, TL, TR, BL, BR). */
#define ARR(s, a, b, c, d) ((uint32_t)(s) << 24 | (uint32_t)(a) << 18 | (uint32_t)(b) << 12 | (uint32_t)(c) << 6 | (uint32_t)(d))
#define ARR_S(e) ((int)((e) >> 24))
#define ARR_A(e) ((int)((e) >> 18 & 63))
#define ARR_B(e) ((int)((e) >> 12 & 63))
#define ARR_C(e) ((int)((e) >> 6 & 63))
#define ARR_D(e) ((int)((e) & 63))

typedef struct {
    int8_t gain, inner, o;
} Cand;

#define MAX_SETS 1820 /* C(16, 4) */
typedef struct {
    int16_t cap; /* 0 for an empty slot, else cap + 1 */
    int16_t value;
} TopSlot;

typedef struct {
    uint8_t built, count;
    uint8_t sum[70];  /* BL + BR scores, best first */
    uint16_t bl[70];  /* BL's tiles; BR gets the rest */
} SplitSlot;

typedef struct {
    const Geometry *g;
    uint8_t sq[NO][4];
    int16_t h[NO][NO], v[NO][NO]; /* an invalid pair is -100, two are -200 */
    int twin_before[NT];
    int8_t quad[MASKS];
    int32_t arr_start[MASKS + 1];
    uint32_t *arr;                  /* per 4-tile set, best first */
    int n_sets, sets[MAX_SETS];     /* the 4-tile sets with an arrangement */
    int16_t set_index[MASKS];       /* a set's place in sets */
    int32_t qf_start[NT + 1];
    uint32_t *qf;                   /* quads_from: score << 16 | set, best first */
    int32_t tp_start[NO * NO + 1];
    uint32_t *tp;                   /* two_placed: per (TL, TR), score << 16 | set, best first */
    int16_t part_memo[CAPS][MASKS]; /* by cap first: the cap is the same over long stretches */
    int rel_top[49][NO], rel_left[49][NO];
    int16_t loose_memo[17][MAX_GROUPS][49];
    int16_t cand_count[16][MAX_KEY]; /* -1: not built yet */
    Cand (*cands)[MAX_KEY][NO];
    /* quad_with_top by the squares above and the set (the squares change least often),
     * for the cap it saw last */
    TopSlot (*top)[MAX_SETS];
    SplitSlot *splits; /* bottom_half's splits of each 8-tile set */
} Tables;

static int desc_u32(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a < b) - (a > b);
}

static int turn(int o) { return o - o % 4 + (o + 1) % 4; }

static void free_tables(Tables *t) {
    if (t == NULL) return;
    free(t->arr);
    free(t->qf);
    free(t->tp);
    free(t->cands);
    free(t->top);
    free(t->splits);
    free(t);
}

static Tables *make_tables(const Geometry *g, const uint8_t *codes) {
    Tables *t = calloc(1, sizeof(Tables));
    if (t == NULL) return NULL;
    t->g = g;
    for (int tile = 0; tile < NT; tile++) {
        uint8_t *s = t->sq[4 * tile];
        memcpy(s, codes + 4 * tile, 4);
        for (int q = 1; q < 4; q++) {
            uint8_t *p = t->sq[4 * tile + q - 1], *n = t->sq[4 * tile + q];
            n[UL] = p[LL], n[UR] = p[UL], n[LL] = p[LR], n[LR] = p[UR];
        }
    }
    for (int a = 0; a < NO; a++)
        for (int b = 0; b < NO; b++) {
            const uint8_t *x = t->sq[a], *y = t->sq[b];
            t->h[a][b] = (int16_t)(g->rel[x[UR]][y[UL]] + g->rel[x[LR]][y[LL]]);
            t->v[a][b] = (int16_t)(g->rel[x[LL]][y[UL]] + g->rel[x[LR]][y[UR]]);
        }
    for (int tile = 0; tile < NT; tile++) {
        t->twin_before[tile] = -1;
        for (int u = 0; u < tile; u++)
            if (memcmp(t->sq[4 * u], t->sq[4 * tile], 4) == 0) t->twin_before[tile] = u;
    }
    for (int x = 0; x < 49; x++)
        for (int o = 0; o < NO; o++) {
            const uint8_t *s = t->sq[o];
            t->rel_top[x][o] = g->rel[x / 7][s[UL]] + g->rel[x % 7][s[UR]];
            t->rel_left[x][o] = g->rel[x / 7][s[UL]] + g->rel[x % 7][s[LL]];
        }
    for (int i = 0; i < CAPS; i++)
        for (int j = 0; j < MASKS; j++) t->part_memo[i][j] = UNKNOWN;
    for (int d = 0; d < 17; d++)
        for (int i = 0; i < MAX_GROUPS; i++)
            for (int j = 0; j < 49; j++) t->loose_memo[d][i][j] = UNKNOWN;
    memset(t->cand_count, 0xff, sizeof t->cand_count);
    t->cands = malloc(sizeof(Cand[MAX_KEY][NO]) * 16);
    t->top = calloc(49 * 49, sizeof *t->top);
    t->splits = calloc(MASKS, sizeof(SplitSlot));
    if (t->cands == NULL || t->top == NULL || t->splits == NULL) goto fail;

    /* Every valid 2x2 arrangement of every 4-tile set, in all four turns of the block. */
    size_t cap = 1 << 18, used = 0;
    t->arr = malloc(cap * sizeof(uint32_t));
    if (t->arr == NULL) goto fail;
    static const int perms[6][3] = {{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}};
    memset(t->quad, -1, sizeof t->quad);
    for (int mask = 0; mask < MASKS; mask++) {
        t->arr_start[mask] = (int32_t)used;
        if (__builtin_popcount(mask) != 4) continue;
        int tiles[4], n = 0;
        for (int i = 0; i < NT; i++)
            if (mask >> i & 1) tiles[n++] = i;
        for (int p = 0; p < 6; p++) {
            int first = tiles[0], b = tiles[perms[p][0]], c = tiles[perms[p][1]], d = tiles[perms[p][2]];
            for (int oa = 4 * first; oa < 4 * first + 4; oa++)
                for (int ob = 4 * b; ob < 4 * b + 4; ob++) {
                    int top = t->h[oa][ob];
                    if (top < 0) continue;
                    for (int oc = 4 * c; oc < 4 * c + 4; oc++) {
                        int left = top + t->v[oa][oc];
                        if (left < 0) continue;
                        for (int od = 4 * d; od < 4 * d + 4; od++) {
                            int s = left + t->h[oc][od] + t->v[ob][od];
                            if (s < 0) continue;
                            if (used + 4 > cap) {
                                cap *= 2;
                                uint32_t *grown = realloc(t->arr, cap * sizeof(uint32_t));
                                if (grown == NULL) goto fail;
                                t->arr = grown;
                            }
                            int w = oa, x = ob, y = oc, z = od;
                            for (int r = 0; r < 4; r++) {
                                t->arr[used++] = ARR(s, w, x, y, z);
                                /* BL goes to TL, TL to TR, BR to BL, TR to BR */
                                int nw = turn(y), nx = turn(w), ny = turn(z), nz = turn(x);
                                w = nw, x = nx, y = ny, z = nz;
                            }
                        }
                    }
                }
        }
        int count = (int)used - t->arr_start[mask];
        if (count) {
            qsort(t->arr + t->arr_start[mask], count, sizeof(uint32_t), desc_u32);
            t->quad[mask] = (int8_t)ARR_S(t->arr[t->arr_start[mask]]);
            t->set_index[mask] = (int16_t)t->n_sets;
            t->sets[t->n_sets++] = mask;
        }
    }
    t->arr_start[MASKS] = (int32_t)used;

    /* quads_from: the sets holding each tile as their lowest, best first. */
    t->qf = malloc((t->n_sets + 1) * sizeof(uint32_t));
    if (t->qf == NULL) goto fail;
    int at = 0;
    for (int low = 0; low < NT; low++) {
        t->qf_start[low] = at;
        for (int i = 0; i < t->n_sets; i++)
            if (__builtin_ctz(t->sets[i]) == low) t->qf[at++] = (uint32_t)t->quad[t->sets[i]] << 16 | t->sets[i];
        qsort(t->qf + t->qf_start[low], at - t->qf_start[low], sizeof(uint32_t), desc_u32);
    }
    t->qf_start[NT] = at;

    /* two_placed: per (TL, TR) oriented tiles, each set's best score with them, best first.
     * A set's arrangements are sorted, so the first with a given (TL, TR) is its best. */
    int32_t seen[NO * NO], counts[NO * NO + 1];
    memset(counts, 0, sizeof counts);
    for (int pass = 0; pass < 2; pass++) {
        memset(seen, -1, sizeof seen);
        for (int i = 0; i < t->n_sets; i++) {
            int mask = t->sets[i];
            for (int32_t j = t->arr_start[mask]; j < t->arr_start[mask + 1]; j++) {
                uint32_t e = t->arr[j];
                int key = ARR_A(e) * NO + ARR_B(e);
                if (seen[key] == mask) continue;
                seen[key] = mask;
                if (pass == 0)
                    counts[key]++;
                else
                    t->tp[counts[key]++] = (uint32_t)ARR_S(e) << 16 | mask;
            }
        }
        if (pass == 0) {
            int32_t total = 0;
            for (int key = 0; key < NO * NO; key++) {
                t->tp_start[key] = total;
                total += counts[key];
                counts[key] = t->tp_start[key];
            }
            t->tp_start[NO * NO] = total;
            t->tp = malloc((total + 1) * sizeof(uint32_t));
            if (t->tp == NULL) goto fail;
        }
    }
    for (int key = 0; key < NO * NO; key++)
        qsort(t->tp + t->tp_start[key], t->tp_start[key + 1] - t->tp_start[key], sizeof(uint32_t), desc_u32);
    return t;
fail:
    free_tables(t);
    return NULL;
}

/* Best total of min(inner score, cap) over splits of mask into 4-tile quadrants. */
static int part(Tables *t, int mask, int cap) {
    if (mask == 0) return 0;
    int16_t *slot = &t->part_memo[cap][mask];
    if (*slot != UNKNOWN) return *slot;
    int low = __builtin_ctz(mask), rest_quads = __builtin_popcount(mask) / 4 - 1, best = NEG;
    for (int32_t i = t->qf_start[low]; i < t->qf_start[low + 1]; i++) {
        int score = (int)(t->qf[i] >> 16), quad = (int)(t->qf[i] & 0xffff);
        int value = score < cap ? score : cap;
        if (value + cap * rest_quads <= best) break;
        if ((quad & mask) == quad) {
            value += part(t, mask & ~quad, cap);
            if (value > best) best = value;
        }
    }
    *slot = (int16_t)best;
    return best;
}

/* ---- the search (search.py's Search) ---------------------------------------------- */

typedef struct {
    Tables *t;
    const Geometry *g;
    int best, best_grid[16], found;
    int grid[16];
    long long nodes, node_limit; /* node_limit < 0: none */
    double deadline;             /* < 0: none */
    int open[17];
    int first_bound[NT];
    int stopped, interrupted, stop_bound;
    const volatile char *stop_flag; /* a byte the caller sets to stop the search (Ctrl-C); NULL: none */
} Search;

static double now(void) {
    struct timespec ts;
#ifdef CLOCK_MONOTONIC
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Oriented tiles that may stand at position k next to the placed neighbours, most
 * pairs gained first (ties in tile order, as Python's stable sort leaves them). */
static const Cand *candidates(Search *S, int k, int *count) {
    Tables *t = S->t;
    const Geometry *g = S->g;
    int key = 0, codes[2 * MAX_NB], n = 0;
    for (int i = 0; i < g->n_nb[k]; i++) {
        const Neighbour *nb = &g->nb[k][i];
        for (int j = 0; j < 2; j++) {
            codes[n] = t->sq[S->grid[nb->p]][nb->theirs[j]];
            key = key * 7 + codes[n++];
        }
    }
    Cand *list = t->cands[k][key];
    if (t->cand_count[k][key] < 0) {
        Cand all[NO];
        int found = 0;
        for (int o = 0; o < NO; o++) {
            int gain = 0, inner = 0, c = 0;
            for (int i = 0; i < g->n_nb[k]; i++) {
                const Neighbour *nb = &g->nb[k][i];
                int edge = 0;
                for (int j = 0; j < 2; j++) edge += g->rel[t->sq[o][nb->mine[j]]][codes[c++]];
                gain += edge;
                if (nb->same) inner += edge;
            }
            if (gain >= 0) all[found++] = (Cand){(int8_t)gain, (int8_t)inner, (int8_t)o};
        }
        int m = 0;
        for (int gain = 2 * 2 * MAX_NB; gain >= 0; gain--)
            for (int i = 0; i < found; i++)
                if (all[i].gain == gain) list[m++] = all[i];
        t->cand_count[k][key] = (int16_t)m;
    }
    *count = t->cand_count[k][key];
    return list;
}

/* Bound on the pairs between quadrants not yet settled at depth d. */
static int loose(Search *S, int d) {
    Tables *t = S->t;
    const Plan *pl = &S->g->plan[d];
    int total = pl->constant;
    for (int i = 0; i < pl->n_groups; i++) {
        const Group *gr = &pl->g[i];
        int key = 0;
        for (int j = 0; j < gr->n_known; j++) key = key * 7 + t->sq[S->grid[gr->p[j]]][gr->s[j]];
        int16_t *slot = &t->loose_memo[d][i][key];
        if (*slot == UNKNOWN) {
            int codes[MAX_SLOTS];
            for (int j = 0; j < gr->size; j++) codes[j] = 7;
            for (int j = 0; j < gr->n_known; j++) codes[gr->where[j]] = t->sq[S->grid[gr->p[j]]][gr->s[j]];
            *slot = (int16_t)point_max(S->g, codes, gr, 0);
        }
        total += *slot;
    }
    return total;
}

/* Best inner score (at most cap) plus the pairs facing up, over arrangements of a set. */
static int quad_with_top(Tables *t, int mask, int above_left, int above_right, int cap) {
    TopSlot *slot = &t->top[above_left * 49 + above_right][t->set_index[mask]];
    if (slot->cap == cap + 1) return slot->value;
    int got = NEG;
    const int *ra = t->rel_top[above_left], *rb = t->rel_top[above_right];
    for (int32_t i = t->arr_start[mask]; i < t->arr_start[mask + 1]; i++) {
        uint32_t e = t->arr[i];
        int s = ARR_S(e);
        if (s > cap) continue;
        if (s + 4 <= got) break;
        int value = s + ra[ARR_A(e)] + rb[ARR_B(e)];
        if (value > got) got = value;
    }
    *slot = (TopSlot){(int16_t)(cap + 1), (int16_t)got};
    return got;
}

/* The splits of 8 tiles into BL and BR by their quadrant scores, best first (a bucket
 * sort: bottom_half takes a maximum over them, so the order among equals does not
 * matter). Built once per set. */
static const SplitSlot *splits_of(Tables *t, int mask) {
    SplitSlot *slot = &t->splits[mask];
    if (slot->built) return slot;
    int bits[8], n = 0;
    for (int i = 0; i < NT; i++)
        if (mask >> i & 1) bits[n++] = 1 << i;
    enum { MOST = 2 * 8 };
    int count[MOST + 2] = {0}, sum[70], bl_of[70], m = 0;
    for (int x = 1; x < n; x++)
        for (int y = x + 1; y < n; y++)
            for (int z = y + 1; z < n; z++) {
                int one = bits[0] | bits[x] | bits[y] | bits[z];
                int halves[2] = {one, mask & ~one};
                for (int h = 0; h < 2; h++) {
                    int bl = halves[h], br = mask & ~bl;
                    if (t->quad[bl] >= 0 && t->quad[br] >= 0) {
                        sum[m] = t->quad[bl] + t->quad[br], bl_of[m++] = bl;
                        count[t->quad[bl] + t->quad[br]]++;
                    }
                }
            }
    int start[MOST + 2];
    start[MOST] = 0;
    for (int b = MOST; b > 0; b--) start[b - 1] = start[b] + count[b];
    for (int i = 0; i < m; i++) {
        int at = start[sum[i]]++;
        slot->sum[at] = (uint8_t)sum[i], slot->bl[at] = (uint16_t)bl_of[i];
    }
    slot->count = (uint8_t)m;
    slot->built = 1;
    return slot;
}

/* Depth 8 (TL and TR done): the best split of the 8 tiles left into BL and BR, each
 * scored with the row above it, plus the pairs between BL and BR. */
static int bottom_half(Search *S, int mask, int score, int cap) {
    Tables *t = S->t;
    const Geometry *g = S->g;
    int above[4];
    for (int i = 0; i < 4; i++) {
        const uint8_t *s = t->sq[S->grid[g->row_above_bottom[i]]];
        above[i] = 7 * s[LL] + s[LR];
    }
    const SplitSlot *sp = splits_of(t, mask);
    int beat = S->best - score - g->loose_bl_br;
    for (int i = 0; i < sp->count; i++) {
        if (sp->sum[i] + 8 <= beat) break; /* the capped scores are no higher */
        int bl = sp->bl[i], br = mask & ~bl;
        int quad_bl = t->quad[bl] < cap ? t->quad[bl] : cap, quad_br = t->quad[br] < cap ? t->quad[br] : cap;
        if (quad_bl + quad_br + 8 <= beat) continue;
        int up_bl = quad_with_top(t, bl, above[0], above[1], cap);
        if (up_bl + quad_br + 4 <= beat) continue;
        int value = up_bl + quad_with_top(t, br, above[2], above[3], cap);
        if (value > beat) beat = value;
    }
    return score + beat + g->loose_bl_br;
}

/* Depth 12: the best BR outright, given TR above it and BL to its left. */
static int last_quadrant(Search *S, int mask, int cap, uint32_t *arrangement) {
    Tables *t = S->t;
    const Geometry *g = S->g;
    const uint8_t *s12 = t->sq[S->grid[g->p12]], *s13 = t->sq[S->grid[g->p13]];
    const uint8_t *s21 = t->sq[S->grid[g->p21]], *s31 = t->sq[S->grid[g->p31]];
    const int *top_a = t->rel_top[7 * s12[LL] + s12[LR]], *top_b = t->rel_top[7 * s13[LL] + s13[LR]];
    const int *left_a = t->rel_left[7 * s21[UR] + s21[LR]], *left_c = t->rel_left[7 * s31[UR] + s31[LR]];
    int best = NEG;
    for (int32_t i = t->arr_start[mask]; i < t->arr_start[mask + 1]; i++) {
        uint32_t e = t->arr[i];
        int s = ARR_S(e);
        if (s > cap) continue;
        if (s + 8 <= best) break;
        int a = ARR_A(e);
        int value = s + top_a[a] + top_b[ARR_B(e)] + left_a[a] + left_c[ARR_C(e)];
        if (value > best) best = value, *arrangement = e;
    }
    return best;
}

/* Bound on the current quadrant (two tiles placed) plus the later quadrants. */
static int two_placed(Search *S, int q, int o1, int o2, int mask, int cap) {
    Tables *t = S->t;
    for (int i = 0; i < S->g->two_turns[q]; i++) o1 = turn(o1), o2 = turn(o2);
    int placed = 1 << (o1 >> 2) | 1 << (o2 >> 2), later = 3 - q, best = NEG, key = o1 * NO + o2;
    for (int32_t i = t->tp_start[key]; i < t->tp_start[key + 1]; i++) {
        int s = (int)(t->tp[i] >> 16), quad = (int)(t->tp[i] & 0xffff);
        int here = cap == NOCAP || s < cap ? s : cap;
        int limit = cap == NOCAP ? here : cap;
        if (here + limit * later <= best) break;
        int others = quad & ~placed;
        if ((others & mask) == others) {
            int value = here + part(t, mask & ~others, limit);
            if (value > best) best = value;
        }
    }
    return best;
}

/* Bound on the current quadrant (three tiles placed) plus the later quadrants. */
static int three_placed(Search *S, int k, int mask, int inner, int cap) {
    int count, best = NEG;
    const Cand *c = candidates(S, k + 1, &count);
    for (int i = 0; i < count; i++) {
        int tile = c[i].o >> 2;
        if (!(mask >> tile & 1)) continue;
        int here = inner + c[i].inner;
        if (cap != NOCAP && here > cap) continue;
        int value = here + part(S->t, mask & ~(1 << tile), cap == NOCAP ? here : cap);
        if (value > best) best = value;
    }
    return best;
}

/* Bound for the whole board with a tile in TL, before TL's score is known. */
static int first_tile(Search *S, int tile) {
    Tables *t = S->t;
    if (S->first_bound[tile] == UNKNOWN) {
        int got = NEG;
        for (int i = 0; i < t->n_sets; i++) {
            int mask = t->sets[i];
            if (mask >> tile & 1) {
                int s = t->quad[mask], value = s + part(t, (MASKS - 1) & ~mask, s);
                if (value > got) got = value;
            }
        }
        S->first_bound[tile] = got;
    }
    return S->first_bound[tile];
}

/* Bound through the child that put oriented tile o at position k; sets its cap and, at
 * depth 12, the best last quadrant (*last, 0 when there is none). */
static int child_bound(Search *S, int k, int mask, int score, int inner, int cap, int o, int *new_cap, uint32_t *last, int *solved) {
    int d = k + 1, q = d / 4, j = d % 4, bound;
    *solved = 0;
    if (j == 0) {
        if (cap == NOCAP)
            cap = inner;
        else if (inner > cap) {
            *new_cap = cap;
            return -1;
        }
        *new_cap = cap;
        if (q == 3) {
            int gained = last_quadrant(S, mask, cap, last);
            *solved = gained > NEG;
            return score + gained;
        }
        bound = score + part(S->t, mask, cap);
    } else {
        *new_cap = cap;
        bound = score - inner;
        if (j == 1)
            bound += cap == NOCAP ? first_tile(S, o >> 2) : part(S->t, mask | 1 << (o >> 2), cap);
        else if (j == 2)
            bound += two_placed(S, q, S->grid[d - 2], o, mask, cap);
        else
            bound += three_placed(S, k, mask, inner, cap);
    }
    int most = S->g->plan[d].most;
    if (bound + most <= S->best) return bound + most;
    bound += loose(S, d);
    if (d == 8 && bound > S->best) {
        int half = bottom_half(S, mask, score, cap);
        if (half < bound) bound = half;
    }
    return bound;
}

typedef struct {
    int bound, gain, o, inner, cap, solved;
    uint32_t last;
} Child;

static void stop(Search *S, int k) {
    S->stopped = 1;
    S->stop_bound = S->best;
    for (int i = 0; i < k; i++)
        if (S->open[i] > S->stop_bound) S->stop_bound = S->open[i];
}

static void run(Search *S, int k, int mask, int score, int inner, int cap) {
    S->nodes++;
    int over = S->node_limit >= 0 && S->nodes > S->node_limit;
    if ((S->nodes & 1023) == 0 || over) {
        if ((S->deadline >= 0 && now() > S->deadline) || over) {
            stop(S, k);
            return;
        }
        if (PyErr_CheckSignals() < 0) {
            S->interrupted = 1;
            stop(S, k);
            return;
        }
        if (S->stop_flag != NULL && *S->stop_flag) { /* set by a signal handler that just ran: stop as at a deadline */
            stop(S, k);
            return;
        }
    }
    const int *twin_before = S->t->twin_before;
    Child children[NO];
    int n = 0, count;
    const Cand *c = candidates(S, k, &count);
    for (int i = 0; i < count; i++) {
        int o = c[i].o, tile = o >> 2;
        if (!(mask >> tile & 1)) continue;
        int twin = twin_before[tile];
        if (twin >= 0 && (mask >> twin & 1)) continue;
        S->grid[k] = o;
        Child ch = {0, c[i].gain, o, (k + 1) % 4 == 0 ? 0 : inner + c[i].inner, 0, 0, 0};
        ch.bound = child_bound(S, k, mask & ~(1 << tile), score + c[i].gain, inner + c[i].inner, cap, o, &ch.cap, &ch.last, &ch.solved);
        if (ch.bound > S->best) {
            /* stable: after every child with a bound at least as high */
            int at = n++;
            while (at > 0 && children[at - 1].bound < ch.bound) children[at] = children[at - 1], at--;
            children[at] = ch;
        }
    }
    for (int i = 0; i < n; i++) {
        Child *ch = &children[i];
        if (ch->bound <= S->best) break;
        S->open[k] = ch->bound;
        S->grid[k] = ch->o;
        if (ch->solved) { /* the last quadrant was solved outright: a full layout */
            S->best = ch->bound;
            memcpy(S->best_grid, S->grid, 12 * sizeof(int));
            S->best_grid[12] = ARR_A(ch->last), S->best_grid[13] = ARR_B(ch->last);
            S->best_grid[14] = ARR_C(ch->last), S->best_grid[15] = ARR_D(ch->last);
            S->found = 1;
            continue;
        }
        run(S, k + 1, mask & ~(1 << (ch->o >> 2)), score + ch->gain, ch->inner, ch->cap);
        if (S->stopped) return;
    }
}

/* search(codes, geometry, node_limit, time_limit[, stop]) -> (best, grid or None, proven, bound, nodes)
 * codes: 64 bytes, the 16 tiles' squares UL UR LL LR (codes.py: 0-5 ranks, 6 empty);
 * geometry: geometry.py's c_geometry() as a buffer of C ints; limits < 0 mean none;
 * stop: a writable buffer (a bytearray) whose first byte, once not 0, stops the search at its next
 * check (every 1024 nodes) as a deadline does: how Ctrl-C keeps the best layout found so far. */
static PyObject *search(PyObject *self, PyObject *args) {
    Py_buffer codes, geo, flag = {NULL};
    long long node_limit;
    double time_limit;
    if (!PyArg_ParseTuple(args, "y*y*Ld|w*", &codes, &geo, &node_limit, &time_limit, &flag)) return NULL;
    PyObject *result = NULL;
    Geometry *g = NULL;
    Tables *t = NULL;
    Search *S = NULL;
    if (codes.len != NO || geo.len % sizeof(int) != 0) {
        PyErr_SetString(PyExc_ValueError, "expected 64 square codes and a geometry of C ints");
        goto done;
    }
    for (int i = 0; i < NO; i++)
        if (((const uint8_t *)codes.buf)[i] > 6) {
            PyErr_SetString(PyExc_ValueError, "square codes are 0-6");
            goto done;
        }
    double start = now();
    g = malloc(sizeof(Geometry));
    if (g == NULL || !read_geometry(g, geo.buf, geo.len / (Py_ssize_t)sizeof(int))) {
        PyErr_SetString(PyExc_ValueError, "malformed geometry");
        goto done;
    }
    t = make_tables(g, codes.buf);
    S = calloc(1, sizeof(Search));
    if (t == NULL || S == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    S->t = t, S->g = g, S->best = -1, S->node_limit = node_limit;
    S->deadline = time_limit < 0 ? -1 : start + time_limit;
    S->stop_flag = flag.obj != NULL && flag.len > 0 ? (const volatile char *)flag.buf : NULL;
    for (int i = 0; i < NT; i++) S->first_bound[i] = UNKNOWN;
    run(S, 0, MASKS - 1, 0, 0, NOCAP);
    if (S->interrupted) goto done;
    PyObject *grid = Py_None;
    Py_INCREF(grid);
    if (S->found) {
        Py_DECREF(grid);
        grid = PyList_New(16);
        if (grid == NULL) goto done;
        for (int i = 0; i < 16; i++) PyList_SET_ITEM(grid, i, PyLong_FromLong(S->best_grid[i]));
    }
    result = Py_BuildValue("iNOiL", S->best, grid, S->stopped ? Py_False : Py_True, S->stopped ? S->stop_bound : S->best, S->nodes);
done:
    PyBuffer_Release(&codes);
    PyBuffer_Release(&geo);
    if (flag.obj != NULL) PyBuffer_Release(&flag);
    free(S);
    free_tables(t);
    free(g);
    return result;
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "The quadrant branch and bound of the solver package on 16 tiles."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_csearch", "Pack Solitaire's search, compiled (see the solver package).", -1, methods};

PyMODINIT_FUNC PyInit__csearch(void) { return PyModule_Create(&module); }
