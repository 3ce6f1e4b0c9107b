# Warnings every target of ours gets; -Werror when KVDTYPE_WERROR is on (CI turns it on).
add_library(kvdtype_warnings INTERFACE)
target_compile_options(kvdtype_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
  $<$<BOOL:${KVDTYPE_WERROR}>:-Werror>)
