class FlashAttentionBackend(AttentionBackend):
    supported_dtypes: ClassVar[list[torch.dtype]] = [torch.float16, torch.bfloat16]
    @staticmethod
    def get_name() -> str:
        return "FLASH_ATTN"
    @classmethod
    def supports_head_size(cls, head_size: int) -> bool:
    @classmethod
    def supports_kv_cache_dtype(cls, kv_cache_dtype: CacheDType | None) -> bool:
