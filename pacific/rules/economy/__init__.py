"""The economy area of the rules. Its handlers, listers and phase hooks register when the
engine's registry is first read (`pacific.rules.registry.complete`), not when this package is
imported.

control (capture, production levels), turn (end_phase, phase 8), purchase (phase 1, China's
infantry), placement (phase 7), owner (choices of owner, end of phase 5), income (phase 9, VP),
victory.
"""
