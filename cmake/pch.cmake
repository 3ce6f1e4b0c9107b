# Precompiled headers for the targets whose every file includes the same heavy header-only
# library (the CLI and CLI11). Not for the tests: with GoogleTest and nlohmann/json precompiled,
# g++ 12 -O3 inlines std::string differently and reports false -Wstringop-overflow and
# -Warray-bounds errors on plain string assignments (test_capacity.cpp, test_request.cpp).
# Precompiled headers cut a fresh build (CI builds the tree several times) but defeat ccache, so
# they are off by default when ccache is the compiler launcher.
set(_kvdtype_pch_default ON)
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
  set(_kvdtype_pch_default OFF)
endif()
option(KVDTYPE_PCH "Precompile the CLI's heavy third-party header (CLI11)" ${_kvdtype_pch_default})

# kvdtype_precompile(TARGET <header>...): each target gets its own precompiled header (their
# compile definitions differ, so one cannot be reused for another).
function(kvdtype_precompile target)
  if(KVDTYPE_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()
