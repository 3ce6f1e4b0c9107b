"""Builds the compiled part of the `kvdtype` package (kvdtype._kvdtype) with CMake.

Everything else is in pyproject.toml. The extension is the CMake target kvdtype_python, built
in setuptools' build_temp with tests, examples and benchmarks off. Environment:

  KVDTYPE_CMAKE_ARGS       extra arguments for the CMake configure step (shell-quoted)
  KVDTYPE_BUILD_JOBS       parallel build jobs (default: the CPU count)
  KVDTYPE_PREBUILT_MODULE  an already built _kvdtype*.so to package instead of building one
                           (the CTest wheel test packages the module of the build under test)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def cmake_version() -> str:
    # The release number's one place: the file VERSION (CMakeLists.txt reads it too).
    text = (ROOT / "VERSION").read_text(encoding="utf-8").strip()
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", text):
        sys.exit(f"setup.py: VERSION holds {text!r}, not a release number")
    return text


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        target = Path(self.get_ext_fullpath(ext.name)).resolve()
        target.parent.mkdir(parents=True, exist_ok=True)
        prebuilt = os.environ.get("KVDTYPE_PREBUILT_MODULE")
        if prebuilt:
            shutil.copyfile(prebuilt, target)
            return
        if shutil.which("cmake") is None:
            sys.exit("setup.py: cmake is needed to build kvdtype (apt-get install cmake)")
        build = Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        args = [
            f"-S{ROOT}", f"-B{build}", "-DCMAKE_BUILD_TYPE=Release",
            "-DKVDTYPE_BUILD_PYTHON=ON", "-DKVDTYPE_BUILD_TOOLS=ON", "-DKVDTYPE_BUILD_TESTS=OFF",
            "-DKVDTYPE_BUILD_EXAMPLES=OFF", "-DKVDTYPE_BUILD_BENCH=OFF",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ccache"):
            args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        args += shlex.split(os.environ.get("KVDTYPE_CMAKE_ARGS", ""))
        jobs = os.environ.get("KVDTYPE_BUILD_JOBS", str(os.cpu_count() or 2))
        subprocess.run(["cmake", *args], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "kvdtype_python", "--parallel", jobs], check=True)
        built = sorted((build / "python" / "kvdtype").glob("_kvdtype*.so"))
        if not built:
            sys.exit(f"setup.py: the build left no _kvdtype*.so in {build / 'python' / 'kvdtype'}")
        shutil.copyfile(built[0], target)


setup(
    version=cmake_version(),
    ext_modules=[CMakeExtension("kvdtype._kvdtype")],
    cmdclass={"build_ext": CMakeBuild},
)
