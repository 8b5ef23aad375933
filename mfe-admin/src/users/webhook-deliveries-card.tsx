import { Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { errorMessage, notify, useMutation, useQuery, useQueryClient } from '@venuebook/sdk';
import { LuRefreshCw, LuRotateCcw } from 'react-icons/lu';
import { fullTime, relativeTime } from './user-management-rules.ts';
import { webhookApi, webhookQueries, type WebhookDelivery, type WebhookFailedJob } from './webhook-api.ts';
import { deliveryStatusText, KIND_LABELS, latencyText, OUTCOME_BADGES, WEBHOOK_TEXT } from './webhook-rules.ts';

const DELIVERY_COLUMNS = ['Time', 'Kind', 'E-mail', 'Status', 'Latency', 'Outcome'] as const;

/**
 * The first-login webhook's deliveries (beyond the spec): the queue's pending and failed counts, the recent attempts
 * (newest first) and the notifications that gave up, each with Retry. Errors show the API's message.
 */
export function WebhookDeliveriesCard() {
  const queryClient = useQueryClient();
  const status = useQuery(webhookQueries.status());
  const retry = useMutation({
    mutationFn: (deliveryId: string) => webhookApi.retryJob(deliveryId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: webhookQueries.all });
      notify({ type: 'success', title: WEBHOOK_TEXT.retried });
    },
    onError: (error) => notify({ type: 'error', title: WEBHOOK_TEXT.retryFailed, description: errorMessage(error) }),
  });

  return (
    <Card.Root variant="outline" data-testid="webhook-deliveries">
      <Card.Header>
        <Flex gap="2" align="center" wrap="wrap">
          <HStack gap="1" me="auto">
            <Heading as="h2" size="md">
              {WEBHOOK_TEXT.deliveriesTitle}
            </Heading>
            <Button
              size="xs"
              variant="ghost"
              onClick={() => void status.refetch()}
              loading={status.isFetching}
              aria-label="Refresh deliveries"
              data-testid="webhook-refresh"
            >
              <LuRefreshCw />
            </Button>
          </HStack>
          {status.data ? (
            <HStack gap="2">
              <Badge colorPalette="gray" variant="subtle" data-testid="webhook-pending">
                Pending {status.data.pending}
              </Badge>
              <Badge colorPalette={status.data.failed > 0 ? 'red' : 'gray'} variant="subtle" data-testid="webhook-failed">
                Failed {status.data.failed}
              </Badge>
            </HStack>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {status.isPending ? (
          <Stack gap="2" data-testid="webhook-deliveries-loading">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h="8" rounded="md" />
            ))}
          </Stack>
        ) : status.isError ? (
          <Flex gap="2" align="center" wrap="wrap" role="alert" data-testid="webhook-deliveries-error">
            <Text fontSize="sm" color="fg.error">
              {WEBHOOK_TEXT.deliveriesLoadFailed}: {errorMessage(status.error)}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void status.refetch()}>
              Retry
            </Button>
          </Flex>
        ) : (
          <Stack gap="5">
            {status.data.deliveries.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="webhook-no-deliveries">
                {WEBHOOK_TEXT.noDeliveries}
              </Text>
            ) : (
              <Deliveries deliveries={status.data.deliveries} />
            )}
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {WEBHOOK_TEXT.failedJobsTitle}
              </Heading>
              {status.data.failedJobs.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="webhook-no-failed-jobs">
                  {WEBHOOK_TEXT.noFailedJobs}
                </Text>
              ) : (
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" data-testid="webhook-failed-jobs">
                  {status.data.failedJobs.map((job) => (
                    <FailedJob
                      key={job.deliveryId}
                      job={job}
                      retrying={retry.isPending && retry.variables === job.deliveryId}
                      onRetry={() => retry.mutate(job.deliveryId)}
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The recent deliveries: a table from the md width, a list of compact rows below it. */
function Deliveries({ deliveries }: { deliveries: readonly WebhookDelivery[] }) {
  const asTable = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  if (!asTable) {
    return (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" data-testid="webhook-delivery-list">
        {deliveries.map((delivery) => (
          <Box as="li" key={delivery.id} borderWidth="1px" rounded="md" px="3" py="2" data-testid="webhook-delivery" data-outcome={delivery.outcome}>
            <Flex gap="2" justify="space-between" align="start">
              <Text fontSize="sm" fontWeight="medium" minW="0" wordBreak="break-all">
                {delivery.email ?? KIND_LABELS[delivery.kind]}
              </Text>
              <OutcomeBadge delivery={delivery} />
            </Flex>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
              <span title={fullTime(delivery.at)}>{relativeTime(delivery.at)}</span> · {KIND_LABELS[delivery.kind]}
              {delivery.attempt > 1 ? ` · attempt ${delivery.attempt}` : ''} · {deliveryStatusText(delivery)} · {latencyText(delivery.latencyMs)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="96" whiteSpace="normal">
      <Table.Root size="sm" stickyHeader data-testid="webhook-delivery-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {DELIVERY_COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {deliveries.map((delivery) => (
            <Table.Row key={delivery.id} verticalAlign="top" data-testid="webhook-delivery" data-outcome={delivery.outcome}>
              <Table.Cell whiteSpace="nowrap" title={fullTime(delivery.at)}>
                {relativeTime(delivery.at)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {KIND_LABELS[delivery.kind]}
                {delivery.attempt > 1 ? (
                  <Text as="span" color="fg.muted">
                    {' '}
                    · attempt {delivery.attempt}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{delivery.email ?? '—'}</Table.Cell>
              <Table.Cell minW="32" overflowWrap="anywhere" color={delivery.statusCode === null && delivery.error ? 'fg.error' : undefined}>
                {deliveryStatusText(delivery)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                {latencyText(delivery.latencyMs)}
              </Table.Cell>
              <Table.Cell>
                <OutcomeBadge delivery={delivery} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function OutcomeBadge({ delivery }: { delivery: WebhookDelivery }) {
  const badge = OUTCOME_BADGES[delivery.outcome];
  return (
    <Badge colorPalette={badge.palette} variant="subtle" flexShrink="0" title={delivery.error ?? undefined} data-testid="webhook-outcome">
      {badge.label}
    </Badge>
  );
}

function FailedJob({ job, retrying, onRetry }: { job: WebhookFailedJob; retrying: boolean; onRetry: () => void }) {
  return (
    <Flex
      as="li"
      gap="3"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      borderWidth="1px"
      borderColor="border.error"
      rounded="md"
      px="3"
      py="2"
      data-testid="webhook-failed-job"
      data-delivery-id={job.deliveryId}
    >
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
          {job.email ?? '—'}
        </Text>
        <Text fontSize="xs" color="fg.error" wordBreak="break-word">
          {job.lastError}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'} · last <span title={fullTime(job.updatedAt)}>{relativeTime(job.updatedAt)}</span>
        </Text>
      </Stack>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} flexShrink="0" data-testid="webhook-retry">
        <LuRotateCcw /> Retry
      </Button>
    </Flex>
  );
}
