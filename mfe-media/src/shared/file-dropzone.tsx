import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { LuUpload } from 'react-icons/lu';

export interface FileDropzoneProps {
  /** MIME types and extensions the picker and the drop accept (react-dropzone's `accept`). */
  accept?: Accept;
  /** The file input's `accept` attribute, when it should differ from `accept` (extensions only). */
  inputAccept?: string;
  /** Refuses a file with this text (null: accepted). */
  refuse?: (file: File) => string | null;
  disabled?: boolean;
  /** The accepted files of a drop or a pick. */
  onFiles: (files: File[]) => void;
  title: string;
  hint: ReactNode;
  testId: string;
}

/** A drop area with a button that opens the file picker (several files at once); refused files are named under it. */
export function FileDropzone({ accept, inputAccept, refuse, disabled = false, onFiles, title, hint, testId }: FileDropzoneProps) {
  const [refused, setRefused] = useState<string[]>([]);
  const onDrop = (accepted: File[], rejections: FileRejection[]) => {
    setRefused(rejections.map(({ file, errors }) => `${file.name}: ${errors[0]?.message ?? 'not accepted'}`));
    if (accepted.length > 0) onFiles(accepted);
  };
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    multiple: true,
    disabled,
    noClick: true,
    ...(accept ? { accept } : {}),
    ...(refuse
      ? {
          validator: (file: File) => {
            const message = refuse(file);
            return message ? { code: 'file-invalid-type', message } : null;
          },
        }
      : {}),
  });
  return (
    <Stack gap="2">
      <Box
        {...getRootProps()}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={isDragActive ? 'brand.solid' : 'border'}
        bg={isDragActive ? 'brand.subtle' : 'bg.subtle'}
        rounded="l3"
        px="4"
        py={{ base: '6', md: '10' }}
        textAlign="center"
        opacity={disabled ? 0.6 : 1}
        data-testid={testId}
        data-drag-active={isDragActive || undefined}
      >
        <input {...getInputProps(inputAccept ? { accept: inputAccept } : {})} data-testid={`${testId}-input`} />
        <Stack gap="2" align="center">
          <Box color="fg.muted" fontSize="2xl">
            <LuUpload />
          </Box>
          <Text fontWeight="medium">{title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
          <Button size="sm" colorPalette="brand" onClick={open} disabled={disabled} data-testid={`${testId}-browse`}>
            Choose Files
          </Button>
        </Stack>
      </Box>
      {refused.length > 0 ? (
        <Stack gap="0.5" role="alert" data-testid={`${testId}-refused`}>
          {refused.map((line) => (
            <Text key={line} fontSize="sm" color="fg.error">
              {line}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
