console.log('web placeholder');
