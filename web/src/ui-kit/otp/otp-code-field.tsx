import { Input, PinInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const otpCodeLength = 6;

/** Whether a typed code is complete (six digits). */
export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${otpCodeLength}}$`).test(code);
}

export type OtpCodeFieldProps = {
  value: string;
  onChange: (code: string) => void;
  /** Called once the sixth digit is typed. */
  onComplete?: ((code: string) => void) | undefined;
  label?: string | undefined;
  description?: string | undefined;
  isDisabled?: boolean | undefined;
  error?: string | undefined;
};

/** Six digits from the authenticator app (web.md §4.6: PinInput, one-time-code autofill). */
export function OtpCodeField(props: OtpCodeFieldProps) {
  const { t } = useTranslation('my-page');
  const label = props.label ?? t('otpCode.label');
  return (
    <Input.Wrapper
      label={label}
      description={props.description ?? t('otpCode.description')}
      error={props.error}
      required
    >
      <PinInput
        mt={4}
        length={otpCodeLength}
        type="number"
        oneTimeCode
        ariaLabel={label}
        disabled={props.isDisabled ?? false}
        value={props.value}
        onChange={props.onChange}
        {...(props.onComplete === undefined ? {} : { onComplete: props.onComplete })}
      />
    </Input.Wrapper>
  );
}
