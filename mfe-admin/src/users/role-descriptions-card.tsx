import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from '@venuebook/sdk';
import { ROLE_PALETTES } from './user-management-rules.ts';

/** Spec §2 'Role Descriptions card listing all roles' (spec §3's descriptions, from the domain). */
export function RoleDescriptionsCard() {
  return (
    <Card.Root variant="outline" data-testid="role-descriptions">
      <Card.Header>
        <Heading as="h2" size="md">
          Role Descriptions
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Stack as="dl" gap="3" m="0">
          {ROLES.map((role) => (
            <Stack key={role} gap="1" data-testid="role-description" data-role={role}>
              <Text as="dt">
                <Badge colorPalette={ROLE_PALETTES[role]} variant="subtle">
                  {ROLE_LABELS[role]}
                </Badge>
              </Text>
              <Text as="dd" m="0" fontSize="sm" color="fg.muted">
                {ROLE_DESCRIPTIONS[role]}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
