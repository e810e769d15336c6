import type { ErrorCode } from '../../src/domain/error-codes';
import type { ErrorEnvelope } from '../../src/domain/schemas';
import type { Language } from '../../src/domain/language';
import { isValidationKey, validationMessages } from '../../src/domain/validation-messages';
import { validationMessagesKo } from '../../src/domain/validation-messages.ko';

/**
 * What each error code says to a Korean investor. The code never changes with the language;
 * English keeps the specific message the service wrote, Korean says what the code means and
 * what to do next, in the same 합니다 register as the app's Korean screens.
 */
export const koreanErrorMessages: Record<ErrorCode, string> = {
  UNAUTHORIZED: '로그인이 필요합니다. 다시 로그인해 주세요.',
  FORBIDDEN: '이 세션은 더 이상 사용할 수 없습니다. 다시 로그인해 주세요.',
  ROLE_REQUIRED: '이 작업을 할 수 있는 권한이 없습니다.',
  OTP_REQUIRED: '먼저 2단계 인증을 완료해 주세요.',
  KYC_REQUIRED: '본인 인증을 마친 뒤 이용할 수 있습니다.',
  SIGN_IN_FAILED: '인증 코드가 맞지 않거나 만료되었습니다. 새 코드를 받아 다시 시도해 주세요.',
  OTP_INVALID: '인증 코드가 맞지 않습니다. 인증 앱의 최신 코드나 복구 코드를 입력해 주세요.',
  WHITELIST_REQUIRED: '허용된 투자자만 참여할 수 있는 프로젝트입니다. 먼저 참여를 신청해 주세요.',
  SIGNATURE_INVALID: '요청의 서명을 확인할 수 없습니다.',
  BANNED: '이용이 제한된 계정입니다. 조회는 가능하지만 변경은 할 수 없습니다.',
  NOT_FOUND: '요청하신 내용을 찾을 수 없습니다.',
  METHOD_NOT_ALLOWED: '지원하지 않는 요청 방식입니다.',
  CONFLICT: '이미 처리되었거나 방금 변경된 내용과 충돌합니다. 새로고침 후 다시 시도해 주세요.',
  VALIDATION_FAILED: '입력한 내용을 다시 확인해 주세요.',
  MALFORMED_JSON: '요청 형식이 올바르지 않습니다.',
  UNSUPPORTED_MEDIA_TYPE: '지원하지 않는 파일 또는 데이터 형식입니다.',
  PAYLOAD_TOO_LARGE: '보낸 파일이나 내용이 너무 큽니다.',
  HEADERS_TOO_LARGE: '요청 헤더가 너무 큽니다.',
  REQUEST_TIMEOUT: '요청 시간이 초과되었습니다. 다시 시도해 주세요.',
  STORAGE_QUOTA_EXCEEDED: '업로드 가능한 저장 공간을 초과했습니다.',
  SOLD_OUT: '남은 토큰이 부족합니다. 수량을 줄여 다시 시도해 주세요.',
  SALE_NOT_OPEN: '지금은 판매 기간이 아닙니다.',
  BELOW_MIN_INVESTMENT: '이 프로젝트의 최소 투자 수량보다 적습니다.',
  ABOVE_MAX_INVESTMENT: '이 프로젝트의 최대 투자 한도를 넘습니다.',
  INVESTOR_VERIFICATION_REQUIRED: '이 프로젝트는 투자자 자격 확인이 승인된 뒤 투자할 수 있습니다.',
  PAY_METHOD_INVALID: '이 프로젝트에서 사용할 수 없는 결제 수단입니다.',
  IDEMPOTENCY_KEY_REUSED: '이미 다른 요청에 사용된 요청입니다. 처음부터 다시 시도해 주세요.',
  ORDER_STATE_CONFLICT: '현재 주문 상태에서는 할 수 없는 작업입니다. 새로고침 후 확인해 주세요.',
  LEGAL_NAME_MISMATCH: '입력한 이름이 본인 인증된 실명과 다릅니다.',
  CONTRACT_CHANGED: '계약서 내용이 변경되었습니다. 다시 읽은 뒤 서명해 주세요.',
  SECTION_LOCKED: '본인 인증을 마쳤거나 이 프로젝트의 토큰을 보유한 분만 이용할 수 있습니다.',
  NOT_POST_AUTHOR: '작성자만 수정하거나 삭제할 수 있습니다.',
  PROPOSAL_THRESHOLD_NOT_MET: '제안을 올리려면 이 프로젝트의 토큰을 기준 수량 이상 보유해야 합니다.',
  PROPOSAL_LIMIT_REACHED: '열려 있는 제안이 이미 한도에 이르렀습니다. 진행 중인 제안이 마감된 뒤 다시 올려 주세요.',
  PROPOSAL_DAILY_LIMIT: '24시간 동안 올릴 수 있는 제안 수를 모두 사용했습니다. 잠시 후 다시 올려 주세요.',
  NO_VOTING_POWER: '안건이 열릴 때 이 프로젝트의 토큰을 보유하지 않아 투표권이 없습니다.',
  ALREADY_VOTED: '이미 투표하셨습니다. 투표는 변경할 수 없습니다.',
  VOTING_CLOSED: '투표가 이미 종료되었습니다.',
  GIFT_NOT_AVAILABLE: '보유 수량이 이 혜택의 조건에 맞지 않습니다.',
  GIFT_ALREADY_CLAIMED: '이 프로젝트의 혜택은 이미 신청하셨습니다.',
  WALLET_ADDRESS_INVALID: '올바른 지갑 주소가 아닙니다. 네트워크와 주소를 확인해 주세요.',
  PUSH_ENDPOINT_REFUSED: '이 브라우저의 푸시 알림 주소는 사용할 수 없습니다. 다른 브라우저에서 알림을 켜 주세요.',
  DISTRIBUTION_REPEATED: '같은 프로젝트, 기준일, 금액의 배분이 이미 있습니다. 새 배분이라면 새 배분으로 표시해 주세요.',
  APPROVAL_SELF: '직접 제안한 작업은 승인할 수 없습니다. 다른 관리자가 승인해야 합니다.',
  APPROVAL_EXPIRED: '승인 기한이 지난 제안입니다. 다시 제안해 주세요.',
  APPROVAL_CLOSED: '이미 승인, 거절 또는 만료된 제안입니다.',
  INSUFFICIENT_BALANCE: '사용 가능한 잔액이 부족합니다. 입금한 뒤 다시 시도하거나 계좌이체로 결제해 주세요.',
  WITHDRAWAL_LIMIT_REACHED: '하루 출금 한도를 넘습니다. 금액을 줄이거나 내일 다시 시도해 주세요.',
  WITHDRAWAL_DESTINATION_MISSING: '출금할 계좌나 지갑이 없습니다. 먼저 계좌 정보나 지갑 주소를 저장해 주세요.',
  WITHDRAWAL_STATE_CONFLICT: '이미 지급, 반환 또는 취소된 출금입니다.',
  DEPOSIT_REFERENCE_UNKNOWN: '이 입금 참조 코드를 가진 투자자가 없습니다.',
  BANK_REFERENCE_REUSED: '이 은행 거래 참조는 이미 다른 입금에 사용되었습니다.',
  STATEMENT_FILE_INVALID: '은행 거래내역 파일을 읽을 수 없습니다. 파일 형식, 날짜, 통화와 금액을 확인해 주세요.',
  STATEMENT_MAPPING_REQUIRED: '이 거래내역 파일에 맞는 열 매핑이 없습니다. 먼저 열을 매핑해 주세요.',
  MARKET_CLOSED: '이 프로젝트의 거래가 중단되었거나 열려 있지 않습니다.',
  PRICE_NOT_ON_TICK: '주문 가격이 호가 단위의 배수가 아닙니다.',
  PRICE_OUTSIDE_BAND: '주문 가격이 오늘의 가격 제한 범위를 벗어났습니다.',
  INSUFFICIENT_TOKENS: '매도할 수 있는 토큰이 부족합니다. 다른 매도 주문에 묶였거나 잠긴 토큰은 제외됩니다.',
  TOKENS_LOCKED: '구매 후 12개월이 지나지 않은 Reg D 토큰은 팔 수 없습니다.',
  MARKET_ORDER_CLOSED: '이미 체결되었거나 취소된 주문입니다.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  SERVICE_UNAVAILABLE: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  INTERNAL_ERROR: '예기치 못한 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
};

/** The error envelope in the investor's language: the same codes, the messages translated. */
export function localizeErrorEnvelope(body: ErrorEnvelope, language: Language): ErrorEnvelope {
  if (language === 'en') return body;
  return {
    ...body,
    errors: body.errors.map((error) => ({
      ...error,
      message: koreanErrorMessages[error.code as ErrorCode] ?? error.message,
    })),
  };
}

/**
 * A schema's message in the reader's language: the schemas carry message keys
 * (src/domain/validation-messages.ts); anything else (a message of the validation library
 * itself) is passed on as it is.
 */
export function validationText(message: string, language: Language): string {
  if (!isValidationKey(message)) return message;
  return language === 'ko' ? validationMessagesKo[message] : validationMessages[message];
}
