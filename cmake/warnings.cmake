# Warnings every target of ours gets; -Werror when KVDTYPE_WERROR is on (CI turns it on).
add_library(kvdtype_warnings INTERFACE)
target_compile_options(kvdtype_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
  $<$<BOOL:${KVDTYPE_WERROR}>:-Werror>)
# g++ 12 at -O2/-O3 reports std::string concatenations as overlapping memcpy (GCC bug 105329,
# fixed in GCC 13): a false -Wrestrict in libstdc++'s own code, not in ours.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(kvdtype_warnings INTERFACE $<$<COMPILE_LANGUAGE:CXX>:-Wno-restrict>)
endif()
