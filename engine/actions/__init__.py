"""One module per action of the display; importing them registers their steps."""

from engine.actions import (  # noqa: F401
    abundance,
    adaptation,
    competition,
    depletion,
    domination,
    glaciation,
    initiative,
    migration,
    regression,
    speciation,
    wanderlust,
    wasteland,
)
