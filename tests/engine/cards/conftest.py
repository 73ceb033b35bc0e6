import sys
from pathlib import Path

# The card tests build their positions with the engine tests' helpers (tests/engine/helpers.py).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
