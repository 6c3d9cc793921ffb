"""The combat area of the rules (phase 4). Importing it registers its handlers,
listers and phase hooks.

Modules, one concern each: `values` (hit values, shared with pacific.odds), `forces` (who
fights, who can hit whom), `fire` (dice), `casualties`, `flow` (asking, scoring), `steps`
(land and naval battles as named steps), `amphibious` (landing, cover fire), `raid` (strategic
bombing), `kamikaze`, `retreat`, `conclusion` (outcome, capture, convoy, fighters of a sunk
carrier), `start` (finding battles), `handlers` (decisions), `listers`.
"""

from pacific.rules.combat import handlers as _handlers  # noqa: F401
from pacific.rules.combat import listers as _listers  # noqa: F401
from pacific.rules.combat import start as _start  # noqa: F401
