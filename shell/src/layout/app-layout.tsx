import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { Header } from './header.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { UploadPanelMount } from './upload-panel-mount.tsx';

export function AppLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <ScrollToTop />
      <Header />
      <Box as="main" flex="1" w="full" maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
        <Outlet />
      </Box>
      <UploadPanelMount />
    </Box>
  );
}
