# What the two lit suites (test/lit and test/corpus) set up alike: the
# environment every test runs in, the common substitutions and the features.
# A suite adds substitutions that a common one prefixes (%headroom-lib before
# %headroom) before calling configure(): lit applies them in order.
import os

import lit.formats


def configure(config, suite_dir):
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.test_exec_root = os.path.join(config.headroom_binary_dir, "test",
                                         suite_dir)

    config.environment["NO_COLOR"] = "1"
    # A user's own device directory must not leak into tests.
    config.environment["XDG_DATA_HOME"] = os.path.join(config.test_exec_root,
                                                       "xdg-empty")
    config.environment["HOME"] = os.path.join(config.test_exec_root,
                                              "home-empty")

    config.substitutions.append(("%headroom", config.headroom_tool))
    config.substitutions.append(("%src", config.headroom_source_dir))
    config.substitutions.append(("%nvcc", config.nvcc))
    config.substitutions.append(("FileCheck", config.filecheck))

    if config.have_clang:
        config.available_features.add("clang")
    if config.have_cuda:
        config.available_features.add("cuda")
    # Tests of what a user without a GPU sees (programs that run with the
    # runtime degraded) need a machine where the driver cannot be loaded.
    import ctypes
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        config.available_features.add("no-gpu")
    if config.have_nvcc:
        config.available_features.add("nvcc")
        # 'headroom nvcc' runs the nvcc the suite was configured with, not the
        # first one on PATH: another nvcc (a wrapper script, a second toolkit)
        # names its headers by another path and changes -E output.
        config.environment["HEADROOM_NVCC"] = config.nvcc
