import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import type { PrivilegeRow } from '../api';

/**
 * The privileges a role grants, one check box each (B§6: roles are built from named privileges an administrator
 * ticks or unticks). Each box is named by the code and described by the privilege's text. Values are the ids as text.
 */
export function PrivilegeChecklist({
  privileges,
  value,
  onChange,
  disabled = false,
}: {
  privileges: readonly PrivilegeRow[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Group
      label="Privileges"
      description={`${value.length} of ${privileges.length} ticked.`}
      value={value}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="sm">
        {privileges.map((p) => (
          <Checkbox
            key={p.privilegeId}
            value={String(p.privilegeId)}
            disabled={disabled}
            label={
              <Text component="span" fw={600} fz="sm">
                {p.code}
              </Text>
            }
            description={p.descr}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
