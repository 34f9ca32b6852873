"""Build hook: compile the Pack Solitaire solver's C core when a wheel (or an editable
install) is built, with the compiler and flags Python itself was built with.

The core is optional. If it does not compile (no C compiler, no Python headers), the
build goes on without it and pnp uses its pure-Python solver, which gives the same
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

PACKAGE_DIR = "pnp/games/pack_solitaire"
SOURCE = f"{PACKAGE_DIR}/_csearch.c"


def compile_core(root: Path, out_dir: Path) -> Path:
    """Compile and link the C file into an importable module in out_dir; returns its path.
    Raises OSError or CalledProcessError when the toolchain is missing or fails."""
    var = sysconfig.get_config_var
    module = out_dir / ("_csearch" + var("EXT_SUFFIX"))
    obj = out_dir / "_csearch.o"
    cc = shlex.split(os.environ.get("CC") or var("CC") or "cc")
    flags = shlex.split(var("CFLAGS") or "") + shlex.split(var("CCSHARED") or "")
    include = ["-I", sysconfig.get_path("include")]
    subprocess.run([*cc, *flags, *include, "-c", str(root / SOURCE), "-o", str(obj)], check=True)
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
        # An editable install imports pnp from the source tree, so the module goes beside
        # its source there (ignored by git); a wheel gets it from a folder of its own.
        editable = version == "editable"
        self._tmp = None if editable else tempfile.mkdtemp(prefix="pnp-core-")
        out_dir = root / PACKAGE_DIR if editable else Path(self._tmp)
        try:
            module = compile_core(root, out_dir)
        except Exception as error:  # whatever stops the compile, the install goes on without it
            self.app.display_warning(f"pnp: the solver's C core was not compiled ({error}); pnp will use the pure-Python solver")
            return
        if not editable:
            build_data["force_include"][str(module)] = f"{PACKAGE_DIR}/{module.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
