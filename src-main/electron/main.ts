console.log('electron main placeholder');
