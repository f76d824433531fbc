export { getTokenBalance, type TokenBalance } from "./get-token-balance";
export { assertTokensAvailable } from "./assert-tokens-available";
export { reserveTokens } from "./reserve-tokens";
export { chargeUsage, type UsageCharge } from "./charge-usage";
export { getApiUsage } from "./get-api-usage";
export { ApiUsageResponse, type ApiUsage } from "./schemas";
