import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, errorMessage, notify, useMutation } from '@venuebook/sdk';
import { useState } from 'react';
import { LuCopy, LuEye, LuEyeOff, LuRefreshCw } from 'react-icons/lu';
import { webhookApi } from './webhook-api.ts';
import { WEBHOOK_TEXT } from './webhook-rules.ts';

/**
 * The secret the first-login notifications are signed with: masked until Reveal (which reads it), Copy once it is
 * read, and Rotate behind a confirmation (every receiver that checks signatures needs the new one).
 */
export function SigningSecret() {
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const reveal = useMutation({
    mutationFn: () => webhookApi.secret(),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      setShown(true);
    },
    onError: (error) => notify({ type: 'error', title: WEBHOOK_TEXT.revealFailed, description: errorMessage(error) }),
  });

  const rotate = useMutation({
    mutationFn: () => webhookApi.rotateSecret(),
    onSuccess: (answer) => {
      setSecret(answer.secret);
      setShown(true);
      setConfirming(false);
      notify({ type: 'success', title: WEBHOOK_TEXT.rotated });
    },
    onError: (error) => {
      setConfirming(false);
      notify({ type: 'error', title: WEBHOOK_TEXT.rotateFailed, description: errorMessage(error) });
    },
  });

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', title: WEBHOOK_TEXT.secretCopied });
    } catch (error) {
      notify({ type: 'error', title: WEBHOOK_TEXT.copyFailed, description: errorMessage(error) });
    }
  };

  const visible = shown && secret !== null;
  return (
    <Stack gap="2" data-testid="signing-secret">
      <Text fontSize="sm" fontWeight="medium">
        {WEBHOOK_TEXT.secretLabel}
      </Text>
      <Box
        px="3"
        py="2"
        rounded="md"
        borderWidth="1px"
        bg="bg.muted"
        fontFamily="mono"
        fontSize="sm"
        wordBreak="break-all"
        aria-label={visible ? 'Signing secret' : 'Signing secret (hidden)'}
        data-testid="signing-secret-value"
      >
        {visible ? secret : WEBHOOK_TEXT.secretMasked}
      </Box>
      <Flex gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={reveal.isPending}
          onClick={() => (visible ? setShown(false) : secret !== null ? setShown(true) : reveal.mutate())}
          data-testid="signing-secret-reveal"
        >
          {visible ? <LuEyeOff /> : <LuEye />} {visible ? 'Hide' : 'Reveal'}
        </Button>
        <Button size="sm" variant="outline" disabled={secret === null} onClick={() => secret !== null && void copy(secret)} data-testid="signing-secret-copy">
          <LuCopy /> Copy
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} data-testid="signing-secret-rotate">
          <LuRefreshCw /> Rotate
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        title={WEBHOOK_TEXT.rotateTitle}
        confirmLabel={WEBHOOK_TEXT.rotateConfirm}
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => rotate.mutate()}
        data-testid="rotate-secret-dialog"
      >
        {WEBHOOK_TEXT.rotateQuestion}
      </ConfirmDialog>
    </Stack>
  );
}
