# Precompiled headers for the targets whose every file includes the same heavy header-only
# libraries (GoogleTest, nlohmann/json, CLI11). They cut a fresh build (CI builds the tree three
# times: release, ASan, TSan) but defeat ccache, so they are off by default when ccache is the
# compiler launcher (a developer's incremental builds are faster with ccache alone).
set(_kvdtype_pch_default ON)
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
  set(_kvdtype_pch_default OFF)
endif()
option(KVDTYPE_PCH "Precompile the heavy third-party headers of tests and the CLI" ${_kvdtype_pch_default})

# kvdtype_precompile(TARGET <header>...): each target gets its own precompiled header (their
# compile definitions differ, so one cannot be reused for another).
function(kvdtype_precompile target)
  if(KVDTYPE_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
