# Instruments every CUDA target of a project without editing it
# (docs/integration.md):
#
#   cmake -S . -B build \
#     -DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=<prefix>/lib/cmake/Headroom/HeadroomProjectInclude.cmake
#
# (from a Headroom build tree: <source>/cmake/HeadroomProjectInclude.cmake and
# -DHeadroom_DIR=<build>). At the project's first project() call it finds
# Headroom, puts `headroom nvcc` in CMAKE_CUDA_COMPILER_LAUNCHER (before a
# launcher already there) and links libheadroom_rt into every target, as
# link_libraries() does. As headroom_instrument() does, it makes the programs
# write their profile to <build>/headroom-profile.json and adds the step that
# prints a new profile's diagnostics (HeadroomInstrument.cmake). Needs CMake
# 3.24.
# -DHEADROOM_HEADER_FILTER=<regex> instruments launches in the headers whose
# absolute path matches it too (headroom_instrument()'s HEADER_FILTER).
find_package(Headroom REQUIRED CONFIG HINTS "${CMAKE_CURRENT_LIST_DIR}")
set(HEADROOM_HEADER_FILTER "" CACHE STRING
    "Also instrument launches in headers whose absolute path matches this regex")
if(TARGET Headroom::runtime)
  set(_headroom_profile "${CMAKE_BINARY_DIR}/headroom-profile.json")
  set(_headroom_launcher "${Headroom_EXECUTABLE}" nvcc)
  if(HEADROOM_HEADER_FILTER)
    list(APPEND _headroom_launcher
         "--headroom-header-filter=${HEADROOM_HEADER_FILTER}")
  endif()
  list(APPEND _headroom_launcher
       "--headroom-build-profile=${_headroom_profile}")
  list(PREPEND CMAKE_CUDA_COMPILER_LAUNCHER ${_headroom_launcher})
  _headroom_build_profile("${_headroom_profile}" _headroom_header
                          ${_headroom_launcher})
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:CUDA>:--pre-include=${_headroom_header}>")
  link_libraries(Headroom::runtime)
  unset(_headroom_profile)
  unset(_headroom_launcher)
  unset(_headroom_header)
else()
  message(WARNING "Headroom was built without its runtime (CUDA 13 with "
                  "CUPTI): the project is built without instrumentation")
endif()
