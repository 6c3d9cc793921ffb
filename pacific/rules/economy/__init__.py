"""The economy area of the rules. Importing it registers its handlers.

control (capture, production levels), turn (end_phase, phase 8), purchase (phase 1, China's
infantry), placement (phase 7), owner (choices of owner, end of phase 5), income (phase 9, VP),
victory.
"""

from pacific.rules.economy import income, owner, placement, purchase, turn  # noqa: F401
