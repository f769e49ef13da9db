# headroom_instrument(<target>... [HEADER_FILTER <regex>] [PROFILE <file>]
#                     [DEVICE <name|file>] [MAX_HEADROOM <x>] [NO_DIAGNOSTICS])
#
# Compiles the CUDA sources of each target through `headroom nvcc`
# (docs/integration.md): the kernel launches are instrumented, the build
# prints the kernels' diagnostics when a profile exists, and the target links
# libheadroom_rt (a static or object library passes it on to what links it).
# The options become --headroom-* arguments of the wrapper:
#   HEADER_FILTER  also instrument launches in included files whose absolute
#                  path matches this POSIX extended regular expression
#   PROFILE        the profile to print diagnostics from (default: the
#                  search of docs/integration.md)
#   DEVICE         the device to model on (default: the profile's GPU)
#   MAX_HEADROOM   fail the compile of a source with a kernel above it
#   NO_DIAGNOSTICS print no kernel diagnostics
# A launcher the target already has (ccache) stays, after the wrapper.
#
# Needs Headroom_EXECUTABLE and the Headroom::runtime target, which
# HeadroomConfig.cmake defines.
function(headroom_instrument)
  cmake_parse_arguments(PARSE_ARGV 0 HR "NO_DIAGNOSTICS"
                        "HEADER_FILTER;PROFILE;DEVICE;MAX_HEADROOM" "")
  if(NOT HR_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "headroom_instrument: name at least one target")
  endif()
  if(NOT TARGET Headroom::runtime)
    message(WARNING "headroom_instrument: this Headroom was built without "
                    "its runtime (CUDA 13 with CUPTI); "
                    "${HR_UNPARSED_ARGUMENTS} are built without instrumentation")
    return()
  endif()
  set(launcher "${Headroom_EXECUTABLE}" nvcc)
  if(DEFINED HR_HEADER_FILTER)
    list(APPEND launcher "--headroom-header-filter=${HR_HEADER_FILTER}")
  endif()
  if(DEFINED HR_PROFILE)
    get_filename_component(profile "${HR_PROFILE}" ABSOLUTE)
    list(APPEND launcher "--headroom-profile=${profile}")
  endif()
  if(DEFINED HR_DEVICE)
    list(APPEND launcher "--headroom-device=${HR_DEVICE}")
  endif()
  if(DEFINED HR_MAX_HEADROOM)
    list(APPEND launcher "--headroom-max-headroom=${HR_MAX_HEADROOM}")
  endif()
  if(HR_NO_DIAGNOSTICS)
    list(APPEND launcher "--headroom-no-diagnostics")
  endif()
  foreach(target IN LISTS HR_UNPARSED_ARGUMENTS)
    if(NOT TARGET ${target})
      message(FATAL_ERROR "headroom_instrument: '${target}' is not a target")
    endif()
    get_target_property(existing ${target} CUDA_COMPILER_LAUNCHER)
    if(NOT existing)
      set(existing "")
    endif()
    set_property(TARGET ${target} PROPERTY CUDA_COMPILER_LAUNCHER
                 ${launcher} ${existing})
    # LINK_LIBRARIES directly, so that the target's own choice of plain or
    # keyword target_link_libraries() signatures does not matter.
    set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES
                 Headroom::runtime)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                   "$<LINK_ONLY:Headroom::runtime>")
    endif()
  endforeach()
endfunction()
