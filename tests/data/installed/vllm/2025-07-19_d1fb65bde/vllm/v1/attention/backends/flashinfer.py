




































class FlashInferBackend(AttentionBackend):








    @classmethod
    def get_supported_head_sizes(cls) -> list[int]:

        return [64, 128, 256]












    @staticmethod
    def get_name() -> str:
        return "FLASHINFER_VLLM_V1"
