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
# link_libraries() does. Needs CMake 3.24.
# -DHEADROOM_HEADER_FILTER=<regex> instruments launches in the headers whose
# absolute path matches it too (headroom_instrument()'s HEADER_FILTER).
find_package(Headroom REQUIRED CONFIG HINTS "${CMAKE_CURRENT_LIST_DIR}")
set(HEADROOM_HEADER_FILTER "" CACHE STRING
    "Also instrument launches in headers whose absolute path matches this regex")
if(TARGET Headroom::runtime)
  if(HEADROOM_HEADER_FILTER)
    list(PREPEND CMAKE_CUDA_COMPILER_LAUNCHER
         "--headroom-header-filter=${HEADROOM_HEADER_FILTER}")
  endif()
  list(PREPEND CMAKE_CUDA_COMPILER_LAUNCHER "${Headroom_EXECUTABLE}" nvcc)
  link_libraries(Headroom::runtime)
else()
  message(WARNING "Headroom was built without its runtime (CUDA 13 with "
                  "CUPTI): the project is built without instrumentation")
endif()
