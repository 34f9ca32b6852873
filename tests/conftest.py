import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

# Test helpers (pdfgeom, svggeom) live beside the tests.
sys.path.insert(0, str(Path(__file__).parent))

# Hypothesis profiles: "ci" (the default) keeps the whole suite within its time budget;
# "long" is for a thorough local run: HYPOTHESIS_PROFILE=long pytest.
# Tests that set max_examples themselves are the slow ones (a CLI run or a solve per example).
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
