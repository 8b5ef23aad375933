import { Box, Button, Card, Field, Flex, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { adminSettingQueries, api, errorMessage, isApiRequestError, notify, useMutation, useQuery, useQueryClient } from '@venuebook/sdk';
import { useState, type FormEvent } from 'react';
import { LuBell, LuPencil, LuSend } from 'react-icons/lu';
import { SigningSecret } from './signing-secret.tsx';
import { webhookApi, webhookQueries, type WebhookTestResult } from './webhook-api.ts';
import { answerText, latencyText, testFailureReason, testRefusal, testSuccessDescription, WEBHOOK_SETTING_KEY, WEBHOOK_TEXT } from './webhook-rules.ts';

/**
 * Spec §2 'Notification Settings': the first-login webhook URL, read-only (or 'No webhook URL configured') until
 * Edit switches it to an input with Save, Send Test and Cancel (which restores the stored value); what is sent and
 * when; the signing secret.
 */
export function NotificationSettingsCard() {
  const queryClient = useQueryClient();
  const settingQuery = adminSettingQueries.setting(WEBHOOK_SETTING_KEY);
  const setting = useQuery(settingQuery);
  const stored = setting.data?.value ?? '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [lastTest, setLastTest] = useState<WebhookTestResult | null>(null);

  const save = useMutation({
    mutationFn: (value: string) => api.adminSettings.set(WEBHOOK_SETTING_KEY, value),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingQuery.queryKey, saved);
      setEditing(false);
      notify({ type: 'success', title: WEBHOOK_TEXT.settingUpdated });
    },
    onError: (error) => notify({ type: 'error', title: WEBHOOK_TEXT.settingFailed, description: errorMessage(error) }),
  });

  const sendTest = useMutation({
    mutationFn: (url: string) => webhookApi.test(url),
    onSuccess: (result) => {
      setLastTest(result);
      void queryClient.invalidateQueries({ queryKey: webhookQueries.all });
      if (result.delivered) notify({ type: 'success', title: WEBHOOK_TEXT.requestSent, description: testSuccessDescription(result) });
      else notify({ type: 'error', title: WEBHOOK_TEXT.testFailed, description: testFailureReason(result) });
    },
    onError: (error) => {
      setLastTest(null);
      notify({ type: 'error', title: WEBHOOK_TEXT.testFailed, description: errorMessage(error) });
    },
  });

  const startEditing = () => {
    setDraft(stored);
    save.reset();
    setEditing(true);
  };
  const cancel = () => {
    setDraft(stored);
    save.reset();
    setEditing(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft.trim());
  };
  const test = () => {
    // Spec §5: refused without a URL (the button is disabled then too).
    const refusal = testRefusal(draft);
    if (refusal) {
      notify({ type: 'error', title: refusal });
      return;
    }
    sendTest.mutate(draft.trim());
  };

  const refusal = testRefusal(draft);
  const fieldError = isApiRequestError(save.error) ? save.error.fieldErrors.find((error) => error.field === 'value')?.message : undefined;
  return (
    <Card.Root variant="outline" data-testid="notification-settings">
      <Card.Header>
        <HStack gap="2">
          <LuBell aria-hidden />
          <Heading as="h2" size="md">
            {WEBHOOK_TEXT.settingsTitle}
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="webhook-explanation">
          {WEBHOOK_TEXT.explanation}
        </Text>
      </Card.Header>
      <Card.Body pt="3">
        <Stack gap="5">
          {setting.isPending ? (
            <Skeleton h="10" rounded="md" data-testid="webhook-url-loading" />
          ) : editing ? (
            <form onSubmit={submit} noValidate data-testid="webhook-form">
              <Stack gap="3">
                <Field.Root invalid={fieldError !== undefined}>
                  <Field.Label>{WEBHOOK_TEXT.urlLabel}</Field.Label>
                  <Input
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={WEBHOOK_TEXT.placeholder}
                    value={draft}
                    onChange={(event) => {
                      setDraft(event.currentTarget.value);
                      // The server's refusal was of the value before this change.
                      if (save.isError) save.reset();
                    }}
                    maxLength={2048}
                    autoFocus
                    data-testid="webhook-url-input"
                  />
                  {fieldError ? (
                    <Field.ErrorText data-testid="webhook-url-error">{fieldError}</Field.ErrorText>
                  ) : refusal ? (
                    <Field.HelperText data-testid="webhook-url-required">{refusal}</Field.HelperText>
                  ) : null}
                </Field.Root>
                <Flex gap="2" wrap="wrap">
                  <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending} data-testid="webhook-save">
                    Save
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={test}
                    disabled={refusal !== null || sendTest.isPending}
                    loading={sendTest.isPending}
                    loadingText="Sending..."
                    data-testid="webhook-send-test"
                  >
                    <LuSend /> Send Test
                  </Button>
                  <Button variant="ghost" size="sm" onClick={cancel} disabled={save.isPending} data-testid="webhook-cancel">
                    Cancel
                  </Button>
                </Flex>
                {lastTest ? <TestResult result={lastTest} /> : null}
              </Stack>
            </form>
          ) : (
            <Stack gap="2">
              <Text fontSize="sm" fontWeight="medium">
                {WEBHOOK_TEXT.urlLabel}
              </Text>
              <Flex gap="2" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
                <Box
                  flex="1"
                  minW="0"
                  px="3"
                  py="2"
                  rounded="md"
                  borderWidth="1px"
                  bg="bg.muted"
                  fontSize="sm"
                  fontFamily={stored ? 'mono' : undefined}
                  color={stored ? 'fg' : 'fg.muted'}
                  wordBreak="break-all"
                  data-testid="webhook-url"
                >
                  {stored || WEBHOOK_TEXT.noUrl}
                </Box>
                <Button variant="outline" size="sm" onClick={startEditing} disabled={setting.isError} data-testid="webhook-edit">
                  <LuPencil /> Edit
                </Button>
              </Flex>
              {setting.isError ? (
                <HStack gap="2" role="alert" data-testid="webhook-url-load-error">
                  <Text fontSize="sm" color="fg.error">
                    {errorMessage(setting.error)}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => void setting.refetch()}>
                    Retry
                  </Button>
                </HStack>
              ) : null}
            </Stack>
          )}
          <SigningSecret />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The last Send Test's answer, kept beside the buttons after its toast is gone. */
function TestResult({ result }: { result: WebhookTestResult }) {
  return (
    <Text role="status" fontSize="sm" color={result.delivered ? 'fg.success' : 'fg.error'} wordBreak="break-word" data-testid="webhook-test-result">
      {result.delivered ? `Last test delivered: ${answerText(result)} in ${latencyText(result.latencyMs)}.` : `Last test failed: ${testFailureReason(result)}.`}
    </Text>
  );
}
