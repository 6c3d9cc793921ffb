"""Strategic bombing raid odds (R-SBR-4): AA fire, one round of fighter clash, then the bombs.

Exact: the distribution of IPCs the defender pays is a convolution of dice sums, capped at its
treasury (EX-12).
"""

from __future__ import annotations

from pacific.odds.chain import binomial, convolve
from pacific.odds.model import SbrResult, SbrSpec
from pacific.rules.combat.values import AA_HIT, sbr_value

_ONE_DIE = (0.0,) + (1 / 6,) * 6  # P(sum = k) for one die, k = 0..6


def _dice_sum(n: int) -> tuple[float, ...]:
    dist: tuple[float, ...] = (1.0,)
    for _ in range(n):
        dist = convolve(dist, _ONE_DIE)
    return dist


def _lose(escorts: int, bombers: int, hits: int) -> tuple[int, int]:
    """The attacker loses escorts first (cheaper, and they do not bomb), then bombers."""
    from_escorts = min(escorts, hits)
    return escorts - from_escorts, max(0, bombers - (hits - from_escorts))


def bombing(spec: SbrSpec) -> SbrResult:
    """Exact odds of a strategic bombing raid.

    AA fire: one die per attacking aircraft, 1 hits (R-SBR-4 step 1, R-AA-5). Clash: each
    interceptor hits on 2 (1 in Japan's first turn, OQ3-21), each escort on 1, fired together,
    one round only (step 2). Bombs: one die per surviving bomber, the total paid but never more
    than the treasury (step 3, EX-12); 1 VP per 10 IPC actually paid (R-SBR-5).
    """
    interceptor_hit = sbr_value(True, surprise=spec.first_turn)
    escort_hit = sbr_value(False)
    ipc: dict[int, float] = {}
    bombers_lost = escorts_lost = interceptors_lost = 0.0
    aircraft = spec.bombers + spec.escorts
    aa = binomial(aircraft, AA_HIT) if spec.aa_gun else (1.0,)
    for aa_hits, p_aa in enumerate(aa):
        escorts, bombers = _lose(spec.escorts, spec.bombers, aa_hits)
        for down, p_i in enumerate(binomial(escorts, escort_hit)):
            interceptors_lost += p_aa * p_i * min(down, spec.interceptors)
            for hits, p_h in enumerate(binomial(spec.interceptors, interceptor_hit)):
                p = p_aa * p_i * p_h
                esc_left, bmb_left = _lose(escorts, bombers, hits)
                escorts_lost += p * (spec.escorts - esc_left)
                bombers_lost += p * (spec.bombers - bmb_left)
                for total, q in enumerate(_dice_sum(bmb_left)):
                    if q:
                        paid = min(total, spec.treasury)
                        ipc[paid] = ipc.get(paid, 0.0) + p * q
    return SbrResult(
        ipc_lost=dict(sorted(ipc.items())),
        expected_ipc_lost=sum(k * p for k, p in ipc.items()),
        expected_vp_lost=sum((k // 10) * p for k, p in ipc.items()),
        expected_bombers_lost=bombers_lost,
        expected_escorts_lost=escorts_lost,
        expected_interceptors_lost=interceptors_lost,
    )
