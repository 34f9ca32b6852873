"""Build hook: compile pnp's C cores when a wheel (or an editable install) is built, with the
compiler and flags Python itself was built with: the Pack Solitaire solver's search and the
Power Lines card game's playouts.

Each core is optional, on its own. If one does not compile (no C compiler, no Python headers),
the build goes on without it and pnp uses the pure-Python code it mirrors, which gives the same
answers, only more slowly.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sysconfig
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# Each core: its package folder, its module name (the C file is NAME.c there), and what pnp does without it.
CORES = (
    ("pnp/games/pack_solitaire", "_csearch", "the solver's C core", "the pure-Python solver"),
    ("pnp/games/power_lines_cards", "_cgame", "the card game's C core", "the pure-Python card engine"),
)


def compile_core(root: Path, out_dir: Path, package_dir: str = CORES[0][0], name: str = CORES[0][1]) -> Path:
    """Compile and link `package_dir`/`name`.c into an importable module in out_dir; returns its
    path. Raises OSError or CalledProcessError when the toolchain is missing or fails."""
    var = sysconfig.get_config_var
    module = out_dir / (name + var("EXT_SUFFIX"))
    obj = out_dir / f"{name}.o"
    cc = shlex.split(os.environ.get("CC") or var("CC") or "cc")
    flags = shlex.split(var("CFLAGS") or "") + shlex.split(var("CCSHARED") or "")
    include = ["-I", sysconfig.get_path("include")]
    subprocess.run([*cc, *flags, *include, "-c", str(root / package_dir / f"{name}.c"), "-o", str(obj)], check=True)
    link = shlex.split(os.environ.get("LDSHARED") or var("LDSHARED") or "cc -shared")
    subprocess.run([*link, str(obj), "-o", str(module)], check=True)
    obj.unlink()
    return module


class CompileSolverCore(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        # An editable install imports pnp from the source tree, so a module goes beside its
        # source there (ignored by git); a wheel gets it from a folder of its own.
        editable = version == "editable"
        self._tmp = None if editable else tempfile.mkdtemp(prefix="pnp-core-")
        for package_dir, name, core, fallback in CORES:
            out_dir = root / package_dir if editable else Path(self._tmp)
            try:
                module = compile_core(root, out_dir, package_dir, name)
            except Exception as error:  # whatever stops the compile, the install goes on without it
                self.app.display_warning(f"pnp: {core} was not compiled ({error}); pnp will use {fallback}")
                continue
            if not editable:
                build_data["force_include"][str(module)] = f"{package_dir}/{module.name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
