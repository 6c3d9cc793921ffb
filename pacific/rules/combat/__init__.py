"""The combat area of the rules (phase 4). Its handlers, listers and phase hooks
(`handlers`, `listers`, `start`) register when the engine's registry is first read
(`pacific.rules.registry.complete`), not when this package is imported.

Modules, one concern each: `values` (hit values, shared with pacific.odds), `forces` (who
fights, who can hit whom), `fire` (dice), `casualties`, `flow` (asking, scoring), `steps`
(land and naval battles as named steps), `amphibious` (landing, cover fire), `raid` (strategic
bombing), `kamikaze`, `retreat`, `conclusion` (outcome, capture, convoy, fighters of a sunk
carrier), `start` (finding battles), `handlers` (decisions), `listers`.
"""
