import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Close from '@mui/icons-material/Close';
import { formatMegabytes } from './format';

/**
 * A preview of a chosen file. The file is decoded first: a file that is no image gets a note
 * instead of a broken picture (Chrome would also report the broken blob URL as a CSP error).
 */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    let active = true;
    let created: string | undefined;
    setBroken(false);
    createImageBitmap(file).then(
      (bitmap) => {
        bitmap.close();
        if (!active) return;
        created = URL.createObjectURL(file);
        setUrl(created);
      },
      () => active && setBroken(true),
    );
    return () => {
      active = false;
      if (created) URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [file]);
  const box = { width: 96, height: 72, borderRadius: 1, bgcolor: 'grey.100', flexShrink: 0 };
  if (url) return <Box component="img" src={url} alt={`Preview of ${file.name}`} sx={{ ...box, objectFit: 'cover' }} />;
  return (
    <Box sx={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}>
      {broken && <Typography variant="caption">No preview</Typography>}
    </Box>
  );
}

/**
 * Choosing images to upload (several, images only): each choice adds to the selection, which is
 * listed with names, sizes in MB and previews; a file can be taken out again.
 */
export function ImagePicker({
  label,
  files,
  onChange,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
}) {
  return (
    <Box>
      <Button component="label" variant="outlined" startIcon={<CloudUpload />}>
        {label}
        <input
          hidden
          type="file"
          multiple
          accept="image/*"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            // Cleared so choosing the same file again still fires a change.
            e.target.value = '';
            if (chosen.length) onChange([...files, ...chosen]);
          }}
        />
      </Button>
      {files.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No images selected yet.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Selected images"
          sx={{ listStyle: 'none', p: 0, mt: 1, mb: 0, display: 'grid', gap: 1 }}
        >
          {files.map((file, i) => (
            <Box
              component="li"
              key={`${file.name}-${file.size}-${file.lastModified}-${i}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 2 }}
            >
              <Preview file={file} />
              <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                {file.name} ({formatMegabytes(file.size)})
              </Typography>
              <IconButton aria-label={`Remove ${file.name}`} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                <Close />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
